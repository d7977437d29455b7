import { useEffect } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { useSocial } from '../../stores/use-social.ts';
import { Loading } from '../../ui/Loading.tsx';

/** /settings/blocked: the players this user blocks, each with Unblock. */
export function BlockedSection() {
  const { social, notifications } = useServices();
  const { blocks, loaded } = useSocial();
  useEffect(() => void social.load(), [social]);

  return (
    <div className="settings-stack">
      <h1 id="page-title">Blocked players</h1>
      <p className="muted">
        You do not see messages or seeks from players you block, and they cannot match you.
      </p>
      {!loaded ? (
        <Loading />
      ) : blocks.length === 0 ? (
        <p className="empty-note">You haven't blocked anyone.</p>
      ) : (
        <ul className="blocked-list" aria-label="Blocked players">
          {blocks.map((b) => (
            <li key={b.uuid}>
              <span className="user-name">{b.username}</span>
              <button
                type="button"
                className="button-secondary"
                aria-label={`Unblock ${b.username}`}
                onClick={() =>
                  social.unblock(b).then(
                    () => notifications.show('success', `${b.username} was unblocked.`),
                    (err) => notifications.show('error', errorText(err), { title: 'Error' }),
                  )
                }
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
