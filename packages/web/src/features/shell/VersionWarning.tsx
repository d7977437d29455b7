import { useState } from 'react';
import { useSocketState } from '../../app/services.tsx';
import { APP_VERSION } from '../../app/version.ts';

export const RELOAD_TEXT = 'A new version of Tessera is available. Please reload the page.';

/**
 * The persistent reload warning of spec/community.md §4.2: once the server
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
        Reload
      </button>
    </div>
  );
}
