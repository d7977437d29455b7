import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function ClubsPage() {
  return (
    <ComingSoon title="Clubs">
      <p>The directory of clubs that meet on Tessera.</p>
    </ComingSoon>
  );
}
