import { Link } from 'react-router';
import { useSession, useSocketState } from '../../app/services.tsx';
import { blogUrl, STUDY_PAGE } from '../../app/site-links.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useLogout } from '../auth/index.ts';

/** The year Tessera started, the first of the copyright range. */
export const FIRST_YEAR = 2026;

/** Site footer (docs/product/community.md §2.2): links, latency and copyright. */
export function Footer() {
  const session = useSession();
  const logout = useLogout();
  const year = new Date().getFullYear();
  const blog = blogUrl();
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="footer-links">
          <li>
            <Link to="/">Play</Link>
          </li>
          <li>
            <Link to="/puzzle">Puzzles</Link>
          </li>
          <li>
            <Link to={STUDY_PAGE}>Study</Link>
          </li>
          {blog && (
            <li>
              <a href={blog}>Blog</a>
            </li>
          )}
          <li>
            <Link to="/about">About</Link>
          </li>
          <li>
            <Link to="/terms">Terms</Link>
          </li>
          <li>
            <Link to="/settings">Settings</Link>
          </li>
          <li>
            <Link to="/clubs">Clubs</Link>
          </li>
          <li>
            <Link to="/donate">Donate</Link>
          </li>
          {session.loggedIn && (
            <li>
              <button type="button" className="link-button" onClick={() => void logout()}>
                Log out
              </button>
            </li>
          )}
        </ul>
      </nav>
      <div className="footer-meta">
        <Latency />
        <span>© {year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : year} Tessera</span>
      </div>
    </footer>
  );
}

function Latency() {
  const { connected, latencyMs } = useSocketState();
  const text = !connected
    ? 'Not connected to server'
    : latencyMs === null
      ? 'Latency: measuring…'
      : `Latency: ${latencyMs} ms`;
  return (
    <Tooltip text={text}>
      <span className={`latency-dot ${connected ? 'latency-up' : 'latency-down'}`} />
      <span className="visually-hidden">Connection</span>
    </Tooltip>
  );
}
