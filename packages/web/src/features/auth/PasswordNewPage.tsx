import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function PasswordNewPage() {
  return (
    <ComingSoon title="New password">
      <p>Set a new password with the reset code from your e-mail.</p>
    </ComingSoon>
  );
}
