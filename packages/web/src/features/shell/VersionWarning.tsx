import { useState } from 'react';
import { useSocketState } from '../../app/services.tsx';
import { APP_VERSION } from '../../app/version.ts';

/** docs/product/gameplay.md §4, §8: the app has been updated; refresh at your convenience. */
export const RELOAD_TEXT = 'Tessera has been updated. Please refresh the page at your convenience.';

/**
 * The persistent reload warning of docs/product/community.md §4.2: once the server
 * has named a front-end version other than this build's, it stays up until
 * the user reloads.
 */
export function VersionWarning() {
  const { sessionInfo } = useSocketState();
  const [stale, setStale] = useState(false);
  const serverVersion = sessionInfo?.serverVersion ?? '';
  if (!stale && serverVersion !== '' && serverVersion !== APP_VERSION) setStale(true);
  if (!stale) return null;
  return (
    <div className="version-warning" role="alert">
      <span>{RELOAD_TEXT}</span>
      <button type="button" className="button-primary" onClick={() => window.location.reload()}>
        Refresh
      </button>
    </div>
  );
}
