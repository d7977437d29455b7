import { Navigate, useParams } from 'react-router';
import { useSession } from '../../app/services.tsx';
import { ComingSoon } from '../../ui/ComingSoon.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

export const PROFILE_LOGIN_TEXT = 'Login or register to view your profile.';

/**
 * /profile/{username}; a logged-in visitor without a username goes to their
 * own profile (docs/product/community.md §2.4).
 */
export function ProfilePage() {
  const { username } = useParams();
  const session = useSession();
  if (!username) {
    if (!session.known) return null;
    if (session.loggedIn) {
      return <Navigate to={`/profile/${encodeURIComponent(session.username)}`} replace />;
    }
    return <ProfileLoggedOut />;
  }
  return (
    <ComingSoon title={username}>
      <p>Ratings, statistics, recent games, collections and annotated games of {username}.</p>
    </ComingSoon>
  );
}

function ProfileLoggedOut() {
  usePageTitle('Profile');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Profile</h1>
      <p>{PROFILE_LOGIN_TEXT}</p>
    </section>
  );
}
