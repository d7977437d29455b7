import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** Step 1 asks for an e-mail; with ?t=<code> it is the page that sets the new password. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  return params.get('t') ? (
    <ComingSoon title="Choose a new password">
      <p>Set a new password with the reset code from your e-mail.</p>
    </ComingSoon>
  ) : (
    <ComingSoon title="Reset your password">
      <p>Enter your e-mail address and we will send you a reset code.</p>
    </ComingSoon>
  );
}
