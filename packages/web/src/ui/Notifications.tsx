import { useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';
import { anyModalOpen, subscribeModals } from './modal-stack.ts';

/** Renders the notification queue in a corner; each toast can also be dismissed by hand. */
export function Notifications() {
  const { notifications } = useServices();
  const items = useSyncExternalStore(notifications.subscribe, notifications.getSnapshot);
  // A dialog's close button sits at the top right, where the toasts are: move them down.
  const dialogOpen = useSyncExternalStore(subscribeModals, anyModalOpen);
  return (
    <div
      className={dialogOpen ? 'notifications notifications-below-dialog' : 'notifications'}
      aria-live="polite"
    >
      {items.map((n) => (
        <div
          key={n.id}
          className={`notification notification-${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="notification-body">
            {n.title && <strong className="notification-title">{n.title}</strong>}
            <span>{n.text}</span>
          </div>
          <button
            type="button"
            className="notification-close"
            aria-label="Dismiss"
            onClick={() => notifications.dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
