import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserReport } from '@tessera/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { millis, when } from './action-labels.ts';
import { reportsQuery } from './mod-queries.ts';
import { ModerateModal } from './ModerateModal.tsx';
import './moderation.css';

/**
 * The moderators' queue of players' reports, oldest first, each with the
 * chat around the reported line and the game it came from; closing one
 * records what was done about it.
 */
export function ReportsQueue() {
  const { api } = useServices();
  const reports = useQuery(reportsQuery(api));
  if (reports.isPending) return <p className="muted">Loading reports…</p>;
  if (reports.isError) return <Alert kind="error">{errorText(reports.error)}</Alert>;
  if (reports.data.reports.length === 0) return <p>No open reports.</p>;
  return (
    <div className="reports-queue">
      {reports.data.reports.map((r) => (
        <ReportCard key={r.id} report={r} />
      ))}
    </div>
  );
}

function ReportCard({ report: r }: { report: UserReport }) {
  const { api, notifications } = useServices();
  const queries = useQueryClient();
  const [outcome, setOutcome] = useState('');
  const [moderating, setModerating] = useState(false);
  const close = useMutation({
    mutationFn: () => api.moderation.closeReport({ id: r.id, outcome: outcome.trim() }),
    onSuccess: () => {
      notifications.show('success', 'Report closed');
      void queries.invalidateQueries({ queryKey: ['moderation', 'getReports'] });
    },
  });
  return (
    <article className="report-card" aria-label={`Report on ${r.username}`}>
      <p>
        <strong>{r.reporter}</strong> reported <strong>{r.username}</strong>,{' '}
        {when(millis(r.createdAt))}
        {r.gameId && (
          <>
            {' '}
            in game <Link to={`/game/${r.gameId}`}>{r.gameId}</Link>
          </>
        )}
      </p>
      {r.reason && <p className="mod-note">“{r.reason}”</p>}
      {r.context.length > 0 ? (
        <ul className="report-context" aria-label="Chat around the reported line">
          {r.context.map((l) => (
            <li key={l.id} className={l.id === r.messageId ? 'reported' : undefined}>
              <span className="muted">{when(millis(l.createdAt))}</span> {l.sender}: {l.message}
            </li>
          ))}
        </ul>
      ) : (
        r.chatText && <p className="mod-note">Reported line (since removed): “{r.chatText}”</p>
      )}
      <div className="mod-duration">
        <button type="button" className="button secondary" onClick={() => setModerating(true)}>
          Moderate {r.username}
        </button>
        <label>
          Action taken{' '}
          <input
            value={outcome}
            maxLength={200}
            onChange={(e) => setOutcome(e.target.value)}
            placeholder="e.g. muted 24 h, no action"
          />
        </label>
        <button
          type="button"
          className="button primary"
          disabled={close.isPending}
          onClick={() => close.mutate()}
        >
          Close report
        </button>
      </div>
      {close.isError && <Alert kind="error">{errorText(close.error)}</Alert>}
      {moderating && (
        <ModerateModal
          user={{ uuid: r.userId, username: r.username }}
          onClose={() => setModerating(false)}
        />
      )}
    </article>
  );
}
