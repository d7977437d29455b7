import { Link } from 'react-router';
import { useSession } from '../../app/services.tsx';
import { blogUrl, STUDY_TOOLS } from '../../app/site-links.ts';
import { Menu } from '../../ui/Menu.tsx';
import { useLoginModal } from '../auth/index.ts';
import { UserMenu } from './UserMenu.tsx';

/** Site header (docs/product/gameplay.md §2 "Header", docs/product/community.md §2.2). */
export function Header() {
  const session = useSession();
  const { openLogin } = useLoginModal();
  const blog = blogUrl();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Link to="/" className="logo">
        Tessera
      </Link>
      <nav className="site-nav" aria-label="Main">
        <Menu
          buttonContent="Play"
          items={[
            { kind: 'link', label: 'Games', to: '/' },
            { kind: 'link', label: 'Puzzles', to: '/puzzle' },
            { kind: 'link', label: 'Board editor', to: '/editor' },
            { kind: 'link', label: 'Anagrams', to: '/anagrams' },
            { kind: 'link', label: 'Spelling trainer', to: '/spelling' },
          ]}
        />
        <Link to="/donate" className="nav-link">
          Donate
        </Link>
        <Menu buttonContent="Study" items={STUDY_TOOLS} />
        {blog && (
          <a href={blog} className="nav-link">
            Blog
          </a>
        )}
        <Menu
          buttonContent="About"
          items={[
            { kind: 'link', label: 'Team', to: '/team' },
            { kind: 'link', label: 'Terms of service', to: '/terms' },
            { kind: 'link', label: 'Events', to: '/events' },
          ]}
        />
      </nav>
      <div className="header-account">
        {!session.known ? null : session.loggedIn ? (
          <UserMenu username={session.username} />
        ) : (
          <>
            <button type="button" className="button-secondary" onClick={openLogin}>
              Log In
            </button>
            <Link to="/register" className="button-primary">
              Sign Up
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
