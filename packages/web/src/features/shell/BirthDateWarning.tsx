import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/services.tsx';

/** The warning comes back at most this often (docs/product/community.md §4.14). */
export const BIRTH_DATE_WARNING_INTERVAL_MS = 86_400_000;
export const BIRTH_DATE_WARNING_KEY = 'tessera.birthDateWarningShownAt';

function shownAt(): number {
  try {
    return Number(localStorage.getItem(BIRTH_DATE_WARNING_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * For a logged-in child account, a prompt to complete the birth date in
 * the settings (docs/product/gameplay.md §8, docs/product/community.md §4.14), shown at
 * most once a day in this browser.
 */
export function BirthDateWarning() {
  const session = useSession();
  if (!session.loggedIn || !session.isChild) return null;
  return <DailyBirthDateWarning key={session.userId} />;
}

/** Decides once, when the account is first seen, whether today's warning is still due. */
function DailyBirthDateWarning() {
  const [seenAt] = useState(Date.now);
  const [due] = useState(() => seenAt - shownAt() >= BIRTH_DATE_WARNING_INTERVAL_MS);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!due) return;
    try {
      localStorage.setItem(BIRTH_DATE_WARNING_KEY, String(seenAt));
    } catch {
      // Storage unavailable: it shows once per page load instead.
    }
  }, [due, seenAt]);

  if (!due || dismissed) return null;
  return (
    <div className="version-warning birth-date-warning" role="alert">
      <span>
        Your birth date is missing. Please add it in{' '}
        <Link to="/settings/personal" onClick={() => setDismissed(true)}>
          your settings
        </Link>
        .
      </span>
      <button type="button" className="button-secondary" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
