import './monitoring.css';
import { useState } from 'react';
import { StatusBadge } from './StatusBadge.tsx';
import { WIDGET_WIDTH_PX } from './constants.ts';
import { isLive, useOwnMonitoring } from './use-monitoring.ts';

/**
 * Fixed at the bottom right, 250 px wide: two icons, or the Monitoring
 * Status card. Success when camera and screen are both pending or active,
 * warning with one, error with neither (§4).
 */
export function Widget({ tournamentId, onSetup }: { tournamentId: string; onSetup: () => void }) {
  const own = useOwnMonitoring(tournamentId, true);
  const [open, setOpen] = useState(false);
  if (!own.data) return null;
  const p = own.data.participant;
  const live = Number(isLive(p.cameraStatus)) + Number(isLive(p.screenshotStatus));
  const tone = live === 2 ? 'success' : live === 1 ? 'warning' : 'error';
  return (
    <aside
      className={`monitoring-widget monitoring-widget-${tone}`}
      style={{ width: WIDGET_WIDTH_PX }}
      aria-label="Monitoring Status"
      data-tone={tone}
    >
      {open ? (
        <div className="card">
          <h3>
            Monitoring Status{' '}
            <button type="button" aria-label="Collapse" onClick={() => setOpen(false)}>
              ▾
            </button>
          </h3>
          <p>
            Camera: <StatusBadge status={p.cameraStatus} />
          </p>
          <p>
            Screen: <StatusBadge status={p.screenshotStatus} />
          </p>
          <button type="button" onClick={onSetup}>
            Monitoring setup
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="monitoring-widget-icons"
          aria-label="Show monitoring status"
          onClick={() => setOpen(true)}
        >
          <span role="img" aria-label={`camera ${isLive(p.cameraStatus) ? 'on' : 'off'}`}>
            📷
          </span>{' '}
          <span role="img" aria-label={`screen ${isLive(p.screenshotStatus) ? 'on' : 'off'}`}>
            🖥
          </span>
        </button>
      )}
    </aside>
  );
}
