import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** Takes jwt, ls and path query parameters to carry a login across hosts (docs/product/community.md §4.6). */
export function HandoverSignedCookiePage() {
  return (
    <ComingSoon title="Signing you in">
      <p>Carrying your login over from another Tessera address.</p>
    </ComingSoon>
  );
}
