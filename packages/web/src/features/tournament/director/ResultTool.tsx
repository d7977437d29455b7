import { GameEndReason, TournamentGameResult } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import { SUCCESS } from '../messages.ts';
import { pairingOf, usernameOf } from '../model.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { resultsOf } from '../use-kiosk-submit.ts';
import { Actions, DivisionField, pick, PlayerField, RoundField, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

const RESULTS = [
  TournamentGameResult.WIN,
  TournamentGameResult.LOSS,
  TournamentGameResult.DRAW,
  TournamentGameResult.BYE,
  TournamentGameResult.FORFEIT_WIN,
  TournamentGameResult.FORFEIT_LOSS,
  TournamentGameResult.VOID,
  TournamentGameResult.NO_RESULT,
];
const END_REASONS = [
  GameEndReason.STANDARD,
  GameEndReason.TIME,
  GameEndReason.CONSECUTIVE_ZEROES,
  GameEndReason.RESIGNED,
  GameEndReason.TRIPLE_CHALLENGE,
  GameEndReason.FORCE_FORFEIT,
  GameEndReason.ABORTED,
  GameEndReason.CANCELLED,
];
const label = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replaceAll('_', ' ');

/**
 * Set game result (docs/product/tournaments.md §5 "Set result"): the scores
 * decide the results unless chosen; changing a recorded score needs
 * Amendment; future rounds take no scores.
 */
export function ResultTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  const [round, setRound] = useState(String(Math.max(1, (division?.currentRound ?? 0) + 1)));
  const [p1, setP1] = useState('');
  const [s1, setS1] = useState('');
  const [s2, setS2] = useState('');
  const [r1, setR1] = useState<TournamentGameResult | null>(null);
  const [r2, setR2] = useState<TournamentGameResult | null>(null);
  const [reason, setReason] = useState(GameEndReason.STANDARD);
  const [amendment, setAmendment] = useState(false);
  const [error, setError] = useState('');
  const n = Number(round);
  const pairing = division && p1 ? pairingOf(division, n - 1, p1) : undefined;
  const p2 = pairing ? (pairing.players[0] === p1 ? pairing.players[1] : pairing.players[0]) : '';
  const scores = [Number(s1), Number(s2)];
  const [d1, d2] = resultsOf(scores[0], scores[1]);

  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        let err = '';
        if (!division) err = 'Division is missing';
        else if (!(Number.isInteger(n) && n >= 1 && n <= division.numRounds))
          err = `The round number must be between 1 and ${division.numRounds}.`;
        else if (n - 1 > division.currentRound) err = 'Scores cannot be entered for future rounds.';
        else if (!p1) err = 'Player 1 is required.';
        else if (!pairing) err = `${usernameOf(p1)} is not paired in round ${n}.`;
        else if (!/^-?\d+$/.test(s1.trim()) || !/^-?\d+$/.test(s2.trim()))
          err = 'Scores must be numbers.';
        else if (!amendment && pairing.outcomes.some((o) => o !== 'NO_RESULT'))
          err = 'This game already has a result; turn on Amendment to change it.';
        setError(err);
        if (err || !division) return;
        const ok = await run(
          () =>
            api.tournament.setResult({
              id: meta.id,
              division: division.id,
              playerOneId: p1,
              playerTwoId: p2,
              round: n - 1,
              playerOneScore: scores[0],
              playerTwoScore: scores[1],
              playerOneResult: r1 ?? d1,
              playerTwoResult: r2 ?? d2,
              gameEndReason: reason,
              amendment,
              gameIndex: 0,
            }),
          SUCCESS.resultSet,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <RoundField value={round} onChange={setRound} />
      {error && <Alert kind="error">{error}</Alert>}
      <PlayerField division={division} value={p1} onChange={setP1} label="Player 1" />
      <p className="muted">
        {p2 ? `Opponent: ${usernameOf(p2)}` : 'Choose a player to see their opponent.'}
      </p>
      <div className="field-row">
        <TextField
          label="Player 1 score"
          inputMode="numeric"
          value={s1}
          onChange={(e) => setS1(e.target.value)}
        />
        <TextField
          label="Player 2 score"
          inputMode="numeric"
          value={s2}
          onChange={(e) => setS2(e.target.value)}
        />
      </div>
      <div className="field-row">
        <SelectField
          label="Player 1 result"
          value={r1 ?? d1}
          onChange={(e) => setR1(Number(e.target.value))}
        >
          {RESULTS.filter((r) => r !== TournamentGameResult.NO_RESULT).map((r) => (
            <option key={r} value={r}>
              {label(TournamentGameResult[r])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Player 2 result"
          value={r2 ?? d2}
          onChange={(e) => setR2(Number(e.target.value))}
        >
          {RESULTS.map((r) => (
            <option key={r} value={r}>
              {label(TournamentGameResult[r])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Game end reason"
          value={reason}
          onChange={(e) => setReason(Number(e.target.value))}
        >
          {END_REASONS.map((r) => (
            <option key={r} value={r}>
              {label(GameEndReason[r])}
            </option>
          ))}
        </SelectField>
      </div>
      <SwitchField label="Amendment" checked={amendment} onChange={setAmendment} />
      <Actions busy={busy} label="Set result" />
    </ToolForm>
  );
}
