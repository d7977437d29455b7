import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** tournament/{slug}/* and club/{slug}/* lead to the same page (docs/product/community.md §2.1). */
export function TournamentPage({ kind }: { kind: 'tournament' | 'club' }) {
  const { slug = '' } = useParams();
  return (
    <ComingSoon title={kind === 'club' ? `Club: ${slug}` : `Tournament: ${slug}`}>
      <p>Divisions, pairings, standings and games of this {kind}.</p>
    </ComingSoon>
  );
}
