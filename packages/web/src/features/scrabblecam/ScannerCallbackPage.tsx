import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** Return page of the external board-scanning service (it brings a gcg query parameter). */
export function ScannerCallbackPage() {
  return (
    <ComingSoon title="Import a scanned game">
      <p>Games scanned from a physical board will open in the board editor from here.</p>
    </ComingSoon>
  );
}
