import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function EventsPage() {
  return (
    <ComingSoon title="Events">
      <p>Club meetings and upcoming tournaments, in your own time zone.</p>
    </ComingSoon>
  );
}
