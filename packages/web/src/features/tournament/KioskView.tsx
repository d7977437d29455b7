import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../ui/Field.tsx';
import { Alert } from '../../ui/Alert.tsx';
import {
  findKioskPlayer,
  KIOSK_CONTACT,
  KIOSK_NOT_STARTED,
  KIOSK_ONLINE,
  kioskNoOpponentText,
  kioskRound,
  uncheckedList,
  validateScores,
  type ScoreEntryErrors,
} from './kiosk.ts';
import { boardLabel, personLabel, shortNameOf, type Division } from './model.ts';

/**
 * The single-player kiosk (`?es=`, docs/product/tournaments.md §2 "Kiosk
 * view (es)"): who the player is and plays, who goes first, and the form for
 * the score; once the score is in, the scores and whom to ask if they are
 * wrong.
 */
export function KioskView({
  es,
  divisions,
  started,
  overTheBoard,
  tournamentPath,
  onSubmit,
}: {
  es: string;
  divisions: readonly Division[];
  started: boolean;
  /**
   * Over the board (IRL mode), the player enters the score here (§6); in an
   * online event the site records it, so the form is not offered.
   */
  overTheBoard: boolean;
  /** The tournament page without the kiosk, for pairings and standings. */
  tournamentPath: string;
  /** Enters the score (mine, theirs); resolves with an error text or ''. */
  onSubmit: (
    round: number,
    opponent: string,
    personId: string,
    mine: number,
    theirs: number,
  ) => Promise<string>;
}) {
  const player = findKioskPlayer(divisions, es);
  if (!player.ok) {
    return (
      <section className="card kiosk" aria-label="Kiosk">
        <Alert kind="error">{player.error}</Alert>
      </section>
    );
  }
  const { division, personId, seed } = player;
  const r = kioskRound(division, personId, started);
  const unchecked = uncheckedList(division);
  const board = r.kind === 'game' ? boardLabel(r.pairing) : '';
  return (
    <section className="card kiosk" aria-label="Kiosk">
      <h2>Hello, {personLabel(division, personId)}!</h2>
      <p>
        You are seed {seed} in {division.id}.
      </p>
      {r.kind === 'not-started' && <p className="kiosk-note">{KIOSK_NOT_STARTED}</p>}
      {r.kind === 'game' && (
        <>
          <p className="kiosk-opponent">
            {`Round ${r.round + 1}: you play ${personLabel(division, r.opponent)} (seed ${r.opponentSeed}).`}
          </p>
          {board && <p className="kiosk-board">{board}</p>}
          <p>{r.first ? 'You go first.' : 'You go second.'}</p>
          {r.scores ? (
            <>
              <p className="kiosk-scores">
                Recorded score: {shortNameOf(division, personId)} {r.scores[0]},{' '}
                {shortNameOf(division, r.opponent)} {r.scores[1]}.
              </p>
              <p>{KIOSK_CONTACT}</p>
            </>
          ) : !overTheBoard ? (
            <p className="kiosk-note">{KIOSK_ONLINE}</p>
          ) : (
            <ScoreForm
              me={shortNameOf(division, personId)}
              opponent={shortNameOf(division, r.opponent)}
              onSubmit={(mine, theirs) => onSubmit(r.round, r.opponent, personId, mine, theirs)}
            />
          )}
        </>
      )}
      {r.kind !== 'game' && r.kind !== 'not-started' && (
        <p className="kiosk-note">{kioskNoOpponentText(r.kind, r.round)}</p>
      )}
      {unchecked.names.length > 0 && (
        <p className="kiosk-unchecked">
          Not checked in yet: {unchecked.names.join(', ')}
          {unchecked.more > 0 && ` and ${unchecked.more} more`}
        </p>
      )}
      <p>
        <Link to={tournamentPath}>Pairings and standings</Link>
      </p>
    </section>
  );
}

function ScoreForm({
  me,
  opponent,
  onSubmit,
}: {
  me: string;
  opponent: string;
  onSubmit: (mine: number, theirs: number) => Promise<string>;
}) {
  const [mine, setMine] = useState('');
  const [theirs, setTheirs] = useState('');
  const [errors, setErrors] = useState<ScoreEntryErrors>({});
  const [sendError, setSendError] = useState('');
  const send = useMutation({
    mutationFn: () => onSubmit(Number(mine), Number(theirs)),
    onSuccess: setSendError,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateScores(mine, theirs);
    setErrors(found);
    if (found.mine || found.theirs) return;
    send.mutate();
  }
  return (
    <form className="form kiosk-form" noValidate onSubmit={submit}>
      {sendError && <Alert kind="error">{sendError}</Alert>}
      <div className="field-row">
        <TextField
          label={`${me}'s score`}
          inputMode="numeric"
          value={mine}
          error={errors.mine}
          onChange={(e) => setMine(e.target.value)}
        />
        <TextField
          label={`${opponent}'s score`}
          inputMode="numeric"
          value={theirs}
          error={errors.theirs}
          onChange={(e) => setTheirs(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={send.isPending}>
          Submit score
        </button>
      </div>
    </form>
  );
}
