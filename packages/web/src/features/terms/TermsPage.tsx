import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function TermsPage() {
  return (
    <ComingSoon title="Terms of Service">
      <p>
        The rules for using Tessera: registration, fair play, account closure, privacy, copyright
        and donations.
      </p>
    </ComingSoon>
  );
}
