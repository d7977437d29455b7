import { useSocketState } from '../../app/services.tsx';

export const CONNECTING_TEXT = 'Connecting to server...';

/** Shown once the app has been without a realtime connection for 2 s (docs/product/community.md §4.2). */
export function ConnectingNotice() {
  const { connected, showConnectingNotice } = useSocketState();
  if (connected || !showConnectingNotice) return null;
  return (
    <div className="connecting-notice" role="status">
      {CONNECTING_TEXT}
    </div>
  );
}
