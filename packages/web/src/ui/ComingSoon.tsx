import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

/**
 * The honest stand-in for a page that is not built yet: its title, what it
 * will do, and a way back. No pretend controls.
 */
export function ComingSoon({
  title,
  children,
  backLink = true,
}: {
  title: string;
  children?: ReactNode;
  /** A link back to the lobby; off on the lobby itself. */
  backLink?: boolean;
}) {
  usePageTitle(title);
  return (
    <section className="page coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children && <div className="coming-soon-what">{children}</div>}
      <p className="coming-soon-note">This page is coming soon.</p>
      {backLink && (
        <p>
          <Link to="/">Back to the lobby</Link>
        </p>
      )}
    </section>
  );
}
