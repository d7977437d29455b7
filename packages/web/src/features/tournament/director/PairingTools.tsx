import { TournamentGameResult } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import { SUCCESS } from '../messages.ts';
import { pairingOf } from '../model.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { Actions, DivisionField, pick, PlayerField, RoundField, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

const SELF_RESULTS = [
  { value: TournamentGameResult.NO_RESULT, label: 'Choose a result' },
  { value: TournamentGameResult.BYE, label: 'Bye (+50)' },
  { value: TournamentGameResult.FORFEIT_LOSS, label: 'Forfeit loss (-50)' },
  { value: TournamentGameResult.VOID, label: 'Void' },
];

export interface SinglePairingInput {
  round: string;
  numRounds: number;
  p1: string;
  p2: string;
  noOpponent: boolean;
  selfResult: TournamentGameResult;
  /** The board as typed; empty or 0 = none. */
  board?: string;
  /** Whether a player already has a decided game in that round. */
  played: (round: number, player: string) => boolean;
  /** The director amends: a game already played may be replaced (the log keeps it). */
  amendment?: boolean;
}

export const BOARD_MAX = 9999;
export const BAD_BOARD = `The board must be a number from 1 to ${BOARD_MAX} (empty for none).`;

/** A typed board as sent: empty = 0 (none), null when it is not a board number. */
export function boardOf(typed: string): number | null {
  const t = typed.trim();
  if (!t) return 0;
  const n = Number(t);
  return /^\d+$/.test(t) && n <= BOARD_MAX ? n : null;
}

/** The Set single pairing checks of docs/product/tournaments.md §5 "Single pairing". */
export function singlePairingErrors(v: SinglePairingInput): string[] {
  const errors: string[] = [];
  const n = Number(v.round);
  if (!(Number.isInteger(n) && n >= 1 && n <= v.numRounds))
    errors.push(`The round number must be between 1 and ${v.numRounds}.`);
  if (!v.p1) errors.push('Player 1 is required.');
  if (!v.noOpponent && !v.p2) errors.push('Player 2 is required.');
  if (v.noOpponent && v.selfResult === TournamentGameResult.NO_RESULT)
    errors.push('Desired result for Player 1 is required.');
  if (boardOf(v.board ?? '') === null) errors.push(BAD_BOARD);
  if (
    errors.length === 0 &&
    !v.amendment &&
    (v.played(n - 1, v.p1) || (!v.noOpponent && v.played(n - 1, v.p2)))
  )
    errors.push(
      'The selected players already played in this round; turn on Amendment to replace their game.',
    );
  return errors;
}

export function SinglePairingTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  const [round, setRound] = useState(String(Math.max(1, (division?.currentRound ?? 0) + 1)));
  const [p1, setP1] = useState('');
  const [p2, setP2] = useState('');
  const [noOpponent, setNoOpponent] = useState(false);
  const [selfResult, setSelfResult] = useState(TournamentGameResult.NO_RESULT);
  const [board, setBoard] = useState('');
  const [amendment, setAmendment] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        if (!division) return;
        const found = singlePairingErrors({
          round,
          numRounds: division.numRounds,
          p1,
          p2,
          noOpponent,
          selfResult,
          board: noOpponent ? '' : board,
          amendment,
          played: (r, p) => {
            const x = pairingOf(division, r, p);
            return !!x && x.outcomes.some((o) => o !== 'NO_RESULT');
          },
        });
        setErrors(found);
        if (found.length) return;
        const ok = await run(
          () =>
            api.tournament.setPairing({
              id: meta.id,
              division: division.id,
              amendment,
              pairings: [
                {
                  playerOneId: p1,
                  playerTwoId: noOpponent ? p1 : p2,
                  round: Number(round) - 1,
                  selfPlayResult: noOpponent ? selfResult : TournamentGameResult.NO_RESULT,
                  board: noOpponent ? 0 : (boardOf(board) ?? 0),
                },
              ],
            }),
          SUCCESS.pairingSet,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <RoundField value={round} onChange={setRound} />
      {errors.length > 0 && (
        <Alert kind="error">
          {errors.map((x) => (
            <div key={x}>{x}</div>
          ))}
        </Alert>
      )}
      <PlayerField division={division} value={p1} onChange={setP1} label="Player 1" active />
      <SwitchField
        label="No opponent (bye, forfeit or void)"
        checked={noOpponent}
        onChange={setNoOpponent}
      />
      {noOpponent ? (
        <SelectField
          label="Result for Player 1"
          value={selfResult}
          onChange={(e) => setSelfResult(Number(e.target.value))}
        >
          {SELF_RESULTS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <PlayerField division={division} value={p2} onChange={setP2} label="Player 2" active />
          <div className="field">
            <label>
              Board
              <input
                type="number"
                min={1}
                max={BOARD_MAX}
                value={board}
                onChange={(e) => setBoard(e.target.value)}
              />
            </label>
            <div className="field-hint">Over-the-board events; leave empty for none.</div>
          </div>
        </>
      )}
      <SwitchField
        label="Amendment (replaces a game already played; the log keeps its result)"
        checked={amendment}
        onChange={setAmendment}
      />
      <Actions busy={busy} label="Set pairing" />
    </ToolForm>
  );
}

/** Pair entire round (with its round controls) or Unpair entire round. */
export function PairRoundTool({ meta, state, done, unpair }: ToolProps & { unpair: boolean }) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  const [round, setRound] = useState(String(Math.max(1, (division?.currentRound ?? -1) + 2)));
  const [preserveByes, setPreserveByes] = useState(false);
  const [error, setError] = useState('');
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const n = Number(round);
        const total = division?.numRounds ?? 0;
        const err =
          Number.isInteger(n) && n >= 1 && n <= total
            ? ''
            : `The round number must be between 1 and ${total}.`;
        setError(err);
        if (err || !division) return;
        const ok = await run(
          () =>
            api.tournament.pairRound({
              id: meta.id,
              division: division.id,
              round: n - 1,
              preserveByes: !unpair && preserveByes,
              deletePairings: unpair,
            }),
          unpair ? SUCCESS.pairingsDeleted : SUCCESS.roundPaired,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <RoundField value={round} onChange={setRound} error={error} />
      {!unpair && (
        <SwitchField
          label="Keep byes already set"
          checked={preserveByes}
          onChange={setPreserveByes}
        />
      )}
      <Actions busy={busy} label={unpair ? 'Unpair round' : 'Pair round'} danger={unpair} />
    </ToolForm>
  );
}
