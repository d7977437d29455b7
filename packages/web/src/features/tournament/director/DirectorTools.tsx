import { OpenDirectorDashboardButton } from '../../monitoring/index.ts';
import type { TournamentMetadata } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { toolGroups, toolLabel, type ToolId } from '../director-tools.ts';
import type { TournamentState } from '../from-proto.ts';
import { usernameOf, type Directors, type TournamentMeta } from '../model.ts';
import { PrintedName } from '../PrintedName.tsx';
import type { Viewer } from '../roles.ts';
import { METADATA_KEY, stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { ToolDialog } from './ToolDialog.tsx';

/**
 * The Director Tools tab (docs/product/tournaments.md §2 "Director Tools
 * panel"): Start tournament, the entrants of each division with their
 * check-in marks and ratings, the tournament's internal id, and the tool
 * groups, each tool in an 800 px dialog. Read-only directors see the
 * entrants and the tools that change nothing (the log).
 */
export function DirectorTools({
  meta,
  raw,
  directors,
  state,
  viewer,
}: {
  meta: TournamentMeta;
  raw: TournamentMetadata;
  directors: Directors;
  state: TournamentState;
  viewer: Viewer;
}) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  const [tool, setTool] = useState<ToolId | null>(null);
  const anyRound = state.divisions.some((d) => d.currentRound >= 0);
  return (
    <div className="director-tools">
      {viewer.canDirect && !anyRound && state.divisions.length > 0 && (
        <button
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() =>
            void run(
              () => api.tournament.startRoundCountdown({ id: meta.id, startAllRounds: true }),
              null,
            )
          }
        >
          Start tournament
        </button>
      )}
      {meta.monitored && <OpenDirectorDashboardButton />}
      <p className="muted small">
        Tournament ID: <code>{meta.id}</code>
      </p>
      {state.divisions.map((d) => (
        <section key={d.id} className="entrants" aria-label={`Entrants of ${d.id}`}>
          <h4 className="list-heading">
            {d.id} ({d.players.filter((p) => !p.suspended).length} players
            {d.players.some((p) => p.suspended) &&
              `, ${d.players.filter((p) => p.suspended).length} withdrawn`}
            )
          </h4>
          <ul>
            {d.players.map((p) => (
              <li key={p.id}>
                <span aria-label={p.checkedIn ? 'checked in' : 'not checked in'}>
                  {p.checkedIn ? '✓' : '·'}
                </span>{' '}
                {usernameOf(p.id)}
                <PrintedName division={d} personId={p.id} />{' '}
                <span className="rating">{p.rating}</span>
                {p.className && <span className="tag class-tag">Class {p.className}</span>}
                {p.suspended && <span className="tag withdrawn-tag">Withdrawn</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {viewer.seesTools &&
        toolGroups(meta.type, { canDirect: viewer.canDirect, finished: state.finished }).map(
          (g) => (
            <section key={g.title} className="tool-group" aria-label={g.title}>
              <h4 className="list-heading">{g.title}</h4>
              <div className="tool-buttons">
                {g.tools.map((t) => (
                  <button
                    key={t.id}
                    type="button"
                    className="button-secondary"
                    onClick={() => setTool(t.id)}
                  >
                    {t.label}
                  </button>
                ))}
              </div>
            </section>
          ),
        )}
      {tool && (
        <ToolDialog
          tool={tool}
          title={toolLabel(tool)}
          meta={meta}
          raw={raw}
          directors={directors}
          state={state}
          onClose={() => setTool(null)}
        />
      )}
    </div>
  );
}
