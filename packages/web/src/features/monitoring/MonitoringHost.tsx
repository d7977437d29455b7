import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Widget } from './Widget.tsx';

// The dialogs (WebRTC, the QR code library) load when opened, not with the page.
const SetupDialog = lazy(() =>
  import('./SetupDialog.tsx').then((m) => ({ default: m.SetupDialog })),
);
const DirectorDashboard = lazy(() =>
  import('./DirectorDashboard.tsx').then((m) => ({ default: m.DirectorDashboard })),
);

/**
 * What a monitored tournament's pages carry: the setup dialog with
 * ?monitoring=true, the director dashboard with ?director-dashboard=true
 * (directors only), and the widget for its participants.
 */
export function MonitoringHost({
  tournamentId,
  monitored,
  participant,
  director,
}: {
  tournamentId: string;
  monitored: boolean;
  participant: boolean;
  director: boolean;
}) {
  const [params, setParams] = useSearchParams();
  if (!monitored || !tournamentId) return null;
  const set = (name: string, on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set(name, 'true');
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return (
    <Suspense fallback={null}>
      {params.get('monitoring') === 'true' && (
        <SetupDialog tournamentId={tournamentId} onClose={() => set('monitoring', false)} />
      )}
      {director && params.get('director-dashboard') === 'true' && (
        <DirectorDashboard
          tournamentId={tournamentId}
          onClose={() => set('director-dashboard', false)}
        />
      )}
      {participant && (
        <Widget tournamentId={tournamentId} onSetup={() => set('monitoring', true)} />
      )}
    </Suspense>
  );
}

/** Opens a dialog of the host by its query parameter. */
function useOpen(name: string) {
  const [, setParams] = useSearchParams();
  return () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(name, 'true');
      return next;
    });
}

/** The info panel's button when monitoring is required. */
export function MonitoringSetupButton() {
  const open = useOpen('monitoring');
  return (
    <button type="button" className="monitoring-setup-button" onClick={open}>
      Monitoring setup
    </button>
  );
}

/** Director Tools' button of a monitored tournament. */
export function OpenDirectorDashboardButton() {
  const open = useOpen('director-dashboard');
  return (
    <button type="button" onClick={open}>
      Open Director Dashboard
    </button>
  );
}
