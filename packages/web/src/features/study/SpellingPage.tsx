import { useMemo, useState } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { alphabetOf, spellingQuestion, wordsOfLength } from './drills.ts';
import { LexiconPicker, lexiconProblem, useChosenLexicon } from './LexiconPicker.tsx';
import { useStudyLexicon } from './use-study-lexicon.ts';
import './study.css';

/** Lengths of the words asked about. */
const SPELLING_LENGTHS = [3, 4, 5, 6, 7, 8];

/**
 * The spelling trainer: a word of the lexicon or a one-letter misspelling of
 * one; the user answers Valid or Not a word and keeps a score.
 */
export function SpellingPage() {
  usePageTitle('Spelling trainer');
  const [choice, setChoice] = useState('');
  const name = useChosenLexicon(choice);
  const query = useStudyLexicon(name);
  const lexicon = query.data;
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [score, setScore] = useState({ right: 0, asked: 0 });

  const pool = useMemo(
    () => (lexicon ? SPELLING_LENGTHS.flatMap((n) => wordsOfLength(lexicon, n)) : []),
    [lexicon],
  );
  const alphabet = useMemo(() => alphabetOf(pool), [pool]);
  const question = useMemo(() => {
    void round; // a new question each round
    return lexicon ? spellingQuestion(lexicon, pool, alphabet, Math.random) : null;
  }, [lexicon, pool, alphabet, round]);

  const respond = (saysValid: boolean) => {
    if (!question || answer !== null) return;
    setAnswer(saysValid);
    setScore((s) => ({
      right: s.right + (saysValid === question.valid ? 1 : 0),
      asked: s.asked + 1,
    }));
  };
  const next = () => {
    setAnswer(null);
    setRound((r) => r + 1);
  };
  const problem = lexiconProblem(query, name);

  return (
    <div className="page study-page">
      <h1>Spelling trainer</h1>
      <p className="muted">Is it a word? Some are, some are one letter away from one.</p>
      <div className="study-controls">
        <LexiconPicker
          value={name}
          onChange={(n) => {
            setChoice(n);
            setScore({ right: 0, asked: 0 });
            next();
          }}
        />
      </div>
      {problem ? (
        <Alert kind={query.error ? 'error' : 'info'}>{problem}</Alert>
      ) : !question ? (
        <Alert kind="info">This lexicon has no words to ask about.</Alert>
      ) : (
        <section className="card study-card" aria-label="Question">
          <p className="study-word" aria-label="Word">
            {question.text}
          </p>
          <div className="study-buttons">
            <button
              type="button"
              className="button-primary"
              disabled={answer !== null}
              onClick={() => respond(true)}
            >
              Valid
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={answer !== null}
              onClick={() => respond(false)}
            >
              Not a word
            </button>
            {answer !== null && (
              <button type="button" className="button-secondary" onClick={next}>
                Next word
              </button>
            )}
          </div>
          <div role="status" className="study-result">
            {answer !== null && (
              <p>
                <strong>{answer === question.valid ? 'Right' : 'Wrong'}:</strong> {question.text}{' '}
                {question.valid ? 'is a word' : 'is not a word'} in {name}.
              </p>
            )}
          </div>
          <p className="study-score">
            Score: {score.right} of {score.asked}
          </p>
        </section>
      )}
    </div>
  );
}
