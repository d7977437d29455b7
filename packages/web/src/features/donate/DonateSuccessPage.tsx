import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Where the card checkout returns after a donation (docs/product/community.md §2.1, §4.8). */
export function DonateSuccessPage() {
  usePageTitle('Thank you');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Thank you!</h1>
      <p>Your donation keeps Tessera free for everyone. We are grateful for your support.</p>
      <p>
        <Link to="/">Back to Tessera</Link>
      </p>
    </section>
  );
}
