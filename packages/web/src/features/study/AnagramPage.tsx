import { useId, useMemo, useState } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  anagramsOf,
  checkAnagrams,
  pick,
  shuffledRack,
  wordsOfLength,
  type AnagramCheck,
} from './drills.ts';
import { LexiconPicker, lexiconProblem, useChosenLexicon } from './LexiconPicker.tsx';
import { useStudyLexicon } from './use-study-lexicon.ts';
import './study.css';

export const LENGTHS = [3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The anagram drill (the Play menu's Anagrams): a rack made from a word of
 * the chosen length; the user types every word those tiles make, and Check
 * says which were found and which were missed.
 */
export function AnagramPage() {
  usePageTitle('Anagrams');
  const [choice, setChoice] = useState('');
  const name = useChosenLexicon(choice);
  const [length, setLength] = useState(7);
  const [round, setRound] = useState(0);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<AnagramCheck | null>(null);
  const lengthId = useId();
  const answerId = useId();
  const query = useStudyLexicon(name);
  const lexicon = query.data;

  const pool = useMemo(() => (lexicon ? wordsOfLength(lexicon, length) : []), [lexicon, length]);
  const puzzle = useMemo(() => {
    void round; // a new rack each round
    const word = lexicon && pick(pool, Math.random);
    if (!lexicon || !word) return null;
    return { rack: shuffledRack(lexicon, word, Math.random), answers: anagramsOf(lexicon, word) };
  }, [lexicon, pool, round]);

  const next = () => {
    setRound((r) => r + 1);
    setTyped('');
    setResult(null);
  };
  const problem = lexiconProblem(query, name);

  return (
    <div className="page study-page">
      <h1>Anagrams</h1>
      <p className="muted">
        Find every word that uses all the tiles of the rack. Type them separated by spaces or on
        separate lines, then press Check.
      </p>
      <div className="study-controls">
        <LexiconPicker
          value={name}
          onChange={(n) => {
            setChoice(n);
            next();
          }}
        />
        <div className="field">
          <label htmlFor={lengthId}>Word length</label>
          <select
            id={lengthId}
            value={length}
            onChange={(e) => {
              setLength(Number(e.target.value));
              next();
            }}
          >
            {LENGTHS.map((n) => (
              <option key={n} value={n}>
                {n} letters
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem ? (
        <Alert kind={query.error ? 'error' : 'info'}>{problem}</Alert>
      ) : !puzzle ? (
        <Alert kind="info">This lexicon has no words of {length} letters.</Alert>
      ) : (
        <form
          className="card study-card"
          onSubmit={(e) => {
            e.preventDefault();
            if (lexicon) setResult(checkAnagrams(lexicon, puzzle.answers, typed));
          }}
        >
          <ul className="study-rack" aria-label="Rack">
            {puzzle.rack.map((t, i) => (
              <li key={i} className="study-tile">
                {t}
              </li>
            ))}
          </ul>
          <div className="field">
            <label htmlFor={answerId}>Your anagrams</label>
            <textarea
              id={answerId}
              rows={3}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="study-buttons">
            <button type="submit" className="button-primary">
              Check
            </button>
            <button type="button" className="button-secondary" onClick={next}>
              New rack
            </button>
          </div>
          {result && <AnagramResult result={result} total={puzzle.answers.length} />}
        </form>
      )}
    </div>
  );
}

function AnagramResult({ result, total }: { result: AnagramCheck; total: number }) {
  return (
    <section className="study-result" aria-label="Result" aria-live="polite">
      <p>
        <strong>
          Found {result.found.length} of {total}.
        </strong>
      </p>
      <WordList title="Found" words={result.found} />
      <WordList title="Missed" words={result.missed} />
      <WordList title="Not valid" words={result.wrong} />
    </section>
  );
}

function WordList({ title, words }: { title: string; words: string[] }) {
  if (words.length === 0) return null;
  return (
    <p>
      {title}: <span className="study-words">{words.join(', ')}</span>
    </p>
  );
}
