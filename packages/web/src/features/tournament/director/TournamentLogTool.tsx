import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { useErrorText } from '../../../rpc/use-error-text.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { SelectField } from '../../../ui/FormControls.tsx';
import { logLines, logTime } from '../log-entries.ts';
import { tournamentAsOfRoundQuery, tournamentLogQuery } from '../queries.ts';
import { StandingsTable } from '../StandingsTable.tsx';
import { DivisionField } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';
import { Loading } from '../../../ui/Loading.tsx';

/**
 * Tournament log (issue 28 scope 1): every change made to the event, newest
 * first, with who made it and when (in the viewer's time zone), and a
 * division's standings as they were after a chosen round, later amendments
 * of that round's scores included. Read-only directors may open it too.
 */
export function TournamentLogTool({ meta, state }: ToolProps) {
  return (
    <div className="tournament-log">
      <AsOfRound id={meta.id} state={state} />
      <LogList id={meta.id} />
    </div>
  );
}

function AsOfRound({ id, state }: { id: string; state: ToolProps['state'] }) {
  const { api } = useServices();
  const [divisionId, setDivision] = useState(state.divisions[0]?.id ?? '');
  const live = state.divisions.find((d) => d.id === divisionId);
  const lastRound = Math.max(0, Math.min(live?.currentRound ?? 0, (live?.numRounds ?? 1) - 1));
  const [chosen, setRound] = useState<number | null>(null);
  const round = Math.min(chosen ?? lastRound, lastRound);
  const q = useQuery({ ...tournamentAsOfRoundQuery(api, id, round), enabled: !!live });
  const error = useErrorText(q.error);
  const division = q.data?.divisions.find((d) => d.id === divisionId);
  return (
    <section aria-label="Standings as of a round">
      <h3 className="list-heading">Standings as of a round</h3>
      <div className="field-row">
        <DivisionField divisions={state.divisions} value={divisionId} onChange={setDivision} />
        <SelectField
          label="As of round"
          value={round}
          onChange={(e) => setRound(Number(e.target.value))}
        >
          {Array.from({ length: lastRound + 1 }, (_, r) => (
            <option key={r} value={r}>
              Round {r + 1}
            </option>
          ))}
        </SelectField>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {q.isPending && live && <Loading />}
      {division && <StandingsTable division={division} round={round} />}
    </section>
  );
}

function LogList({ id }: { id: string }) {
  const { api } = useServices();
  const q = useQuery(tournamentLogQuery(api, id));
  const error = useErrorText(q.error);
  const lines = useMemo(() => logLines(q.data ?? []), [q.data]);
  return (
    <section aria-label="Log">
      <h3 className="list-heading">Log</h3>
      {error && <Alert kind="error">{error}</Alert>}
      {q.isPending && <Loading />}
      {q.data && lines.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      {lines.length > 0 && (
        <table className="tourney-table" aria-label="Tournament log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Division</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.seq}>
                <td>
                  <time dateTime={new Date(l.at).toISOString()}>{logTime(l.at)}</time>
                </td>
                <td>{l.who}</td>
                <td>{l.division}</td>
                <td>{l.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
