import './monitoring.css';
import {
  MessageType,
  MonitoringStatusSchema,
  StreamType,
  type IceServer,
  type MonitoringParticipant,
} from '@tessera/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useServices, useSocketState } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { MONITORING_POLL_MS } from './constants.ts';
import { sendPublish } from './signalling.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { dashboardKey, isLive } from './use-monitoring.ts';
import { Viewer, type ViewerState } from './viewer.ts';

interface Dashboard {
  participants: MonitoringParticipant[];
  iceServers: IceServer[];
  relay: string;
}

type Watched = { userId: string; username: string; type: StreamType };

/**
 * The directors' monitoring dashboard (§2, §6): every participant's camera
 * and screen, filtered by division; view streams side by side in a grid;
 * reset a pending or active one. Pushed live, polled every 5 s as a fallback.
 */
export function DirectorDashboard({
  tournamentId,
  onClose,
}: {
  tournamentId: string;
  onClose: () => void;
}) {
  const { api, socket } = useServices();
  const qc = useQueryClient();
  const { connected } = useSocketState();
  const q = useQuery({
    queryKey: dashboardKey(tournamentId),
    queryFn: async (): Promise<Dashboard> => {
      const r = await api.monitoring.getTournamentMonitoring({ tournamentId });
      return { participants: r.participants, iceServers: r.iceServers, relay: r.relay };
    },
    refetchInterval: MONITORING_POLL_MS,
  });
  // Hear every change as it happens (again after each reconnect).
  useEffect(() => {
    if (connected) sendPublish(socket, { tournamentId, watch: true });
  }, [connected, socket, tournamentId]);
  useEffect(
    () =>
      socket.on(MessageType.MONITORING_UPDATE, MonitoringStatusSchema, (m) => {
        if (m.tournamentId !== tournamentId || !m.participant) return;
        const next = m.participant;
        qc.setQueryData<Dashboard>(dashboardKey(tournamentId), (old) =>
          old
            ? {
                ...old,
                participants: old.participants.map((p) =>
                  p.userId === next.userId ? { ...next, division: p.division } : p,
                ),
              }
            : old,
        );
      }),
    [socket, qc, tournamentId],
  );
  const [division, setDivision] = useState('');
  const [watched, setWatched] = useState<Watched[]>([]);
  const reset = useMutation({
    mutationFn: (w: { userId: string; type: StreamType }) =>
      api.monitoring.resetMonitoringStream({ tournamentId, userId: w.userId, streamType: w.type }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dashboardKey(tournamentId) }),
  });
  const error = useErrorText(q.error ?? reset.error);

  const participants = q.data?.participants ?? [];
  const divisions = [...new Set(participants.map((p) => p.division))];
  const shown = participants.filter((p) => !division || p.division === division);
  const anyLive = shown.some((p) => isLive(p.cameraStatus) || isLive(p.screenshotStatus));
  const toggle = (w: Watched) =>
    setWatched((list) =>
      list.some((x) => x.userId === w.userId && x.type === w.type)
        ? list.filter((x) => !(x.userId === w.userId && x.type === w.type))
        : [...list, w],
    );
  const statusOf = (w: Watched) => {
    const p = participants.find((x) => x.userId === w.userId);
    return p ? (w.type === StreamType.CAMERA ? p.cameraStatus : p.screenshotStatus) : 0;
  };

  return (
    <Modal title="Director Dashboard" onClose={onClose} className="monitoring-dashboard-backdrop">
      <div className="monitoring-dashboard" style={{ width: '90vw', maxWidth: '90vw' }}>
        {(q.error || reset.error) && <Alert kind="error">{error}</Alert>}
        {divisions.length > 1 && (
          <label>
            Division{' '}
            <select value={division} onChange={(e) => setDivision(e.target.value)}>
              <option value="">All divisions</option>
              {divisions.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        )}
        <table className="monitoring-table">
          <thead>
            <tr>
              <th>Participant</th>
              <th>Division</th>
              <th>Camera</th>
              <th>Screen</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.userId} data-user={p.username}>
                <td>{p.username}</td>
                <td>{p.division}</td>
                {[StreamType.CAMERA, StreamType.SCREENSHOT].map((type) => {
                  const status = type === StreamType.CAMERA ? p.cameraStatus : p.screenshotStatus;
                  const name = type === StreamType.CAMERA ? 'camera' : 'screen';
                  return (
                    <td key={type} data-stream={name}>
                      <StatusBadge status={status} />
                      {isLive(status) && (
                        <>
                          {' '}
                          <button
                            type="button"
                            onClick={() => toggle({ userId: p.userId, username: p.username, type })}
                          >
                            View {name}
                          </button>{' '}
                          <button
                            type="button"
                            disabled={reset.isPending}
                            onClick={() => reset.mutate({ userId: p.userId, type })}
                          >
                            Reset {name}
                          </button>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {q.data && !anyLive && <p>No active streams found for selected participants.</p>}
        <div className="monitoring-grid">
          {q.data &&
            watched
              .filter((w) => isLive(statusOf(w)))
              .map((w) => (
                <StreamTile
                  key={`${w.userId}/${w.type}`}
                  tournamentId={tournamentId}
                  watched={w}
                  ice={q.data.iceServers}
                  relay={q.data.relay}
                />
              ))}
        </div>
      </div>
    </Modal>
  );
}

/** One stream played in the grid, reconnecting on its own. */
function StreamTile({
  tournamentId,
  watched,
  ice,
  relay,
}: {
  tournamentId: string;
  watched: Watched;
  ice: IceServer[];
  relay: string;
}) {
  const { socket } = useServices();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<{ s: ViewerState; tries: number }>({
    s: 'connecting',
    tries: 0,
  });
  useEffect(() => {
    const v = new Viewer(socket, {
      tournamentId,
      participantId: watched.userId,
      streamType: watched.type,
      ice,
      relay,
      onStream: (stream) => {
        if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
      },
      onState: (s, tries) => setState({ s, tries }),
    });
    return () => v.close();
    // The ICE servers' credentials are refreshed by polls; a running stream keeps its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket, tournamentId, watched.userId, watched.type]);
  const name = watched.type === StreamType.CAMERA ? 'camera' : 'screen';
  return (
    <figure
      className="monitoring-tile"
      data-stream={`${watched.username}/${name}`}
      data-state={state.s}
    >
      <video ref={video} autoPlay muted playsInline />
      <figcaption>
        {watched.username} — {name}{' '}
        {state.s === 'retrying' && <span className="muted">reconnecting ({state.tries})…</span>}
        {state.s === 'failed' && <span className="muted">could not connect</span>}
      </figcaption>
    </figure>
  );
}
