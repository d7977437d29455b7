import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function AdminPage() {
  return (
    <ComingSoon title="Admin console">
      <p>Tournaments, announcements, puzzle generation, user details, roles and badges.</p>
    </ComingSoon>
  );
}
