import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Page not found</h1>
      <p>You tried to access a non-existing page.</p>
      <p>
        <Link to="/">Back to the lobby</Link>
      </p>
    </section>
  );
}
