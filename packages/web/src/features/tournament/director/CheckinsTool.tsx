import { useServices } from '../../../app/services.tsx';
import { SUCCESS } from '../messages.ts';
import { METADATA_KEY, stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import type { ToolProps } from './tool-props.ts';

/**
 * Manage check-ins and registrations (docs/product/tournaments.md §4
 * "Tournament"): each toggle has its own open and close call, and the button
 * that would set the state it already has is disabled. Players who did not
 * check in can be deleted only once check-ins are closed.
 */
export function CheckinsTool({ meta }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  const id = { id: meta.id };
  return (
    <div className="checkins-tool">
      <p>
        Check-ins are <strong>{meta.checkinsOpen ? 'open' : 'closed'}</strong>; registration is{' '}
        <strong>{meta.registrationOpen ? 'open' : 'closed'}</strong>.
      </p>
      <div className="tool-buttons">
        <button
          type="button"
          className="button-secondary"
          disabled={busy || meta.checkinsOpen}
          onClick={() => void run(() => api.tournament.openCheckins(id), SUCCESS.checkinsOpened)}
        >
          Open check-ins
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy || !meta.checkinsOpen}
          onClick={() =>
            void run(
              () => api.tournament.closeCheckins({ ...id, deleteNonCheckedIn: false }),
              SUCCESS.checkinsClosed,
            )
          }
        >
          Close check-ins
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy || meta.registrationOpen}
          onClick={() =>
            void run(() => api.tournament.openRegistration(id), SUCCESS.registrationOpened)
          }
        >
          Open registration
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy || !meta.registrationOpen}
          onClick={() =>
            void run(() => api.tournament.closeRegistration(id), SUCCESS.registrationClosed)
          }
        >
          Close registration
        </button>
      </div>
      <div className="tool-buttons">
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() => void run(() => api.tournament.uncheckAllIn(id), SUCCESS.checkinsCleared)}
        >
          Clear all check-ins
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={busy || meta.checkinsOpen}
          onClick={() =>
            void run(
              () => api.tournament.removeAllPlayersNotCheckedIn(id),
              SUCCESS.uncheckedDeleted,
            )
          }
        >
          Delete unchecked-in players
        </button>
      </div>
    </div>
  );
}
