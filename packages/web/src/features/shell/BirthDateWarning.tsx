import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/services.tsx';

/** The warning comes back at most this often (spec/community.md §4.14). */
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
 * the settings (spec/gameplay.md §8, spec/community.md §4.14), shown at
 * most once a day in this browser.
 */
export function BirthDateWarning() {
  const session = useSession();
  const due = session.loggedIn && session.isChild;
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    if (!due || shown === session.userId) return;
    const now = Date.now();
    if (now - shownAt() < BIRTH_DATE_WARNING_INTERVAL_MS) return;
    try {
      localStorage.setItem(BIRTH_DATE_WARNING_KEY, String(now));
    } catch {
      // Storage unavailable: it shows once per page load instead.
    }
    setShown(session.userId);
  }, [due, shown, session.userId]);

  if (!due || shown !== session.userId) return null;
  return (
    <div className="version-warning birth-date-warning" role="alert">
      <span>
        Your birth date is missing. Please add it in{' '}
        <Link to="/settings/personal" onClick={() => setShown('')}>
          your settings
        </Link>
        .
      </span>
      <button type="button" className="button-secondary" onClick={() => setShown('')}>
        Dismiss
      </button>
    </div>
  );
}
