import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function PuzzlePage() {
  const { id } = useParams();
  return (
    <ComingSoon title={id ? `Puzzle ${id}` : 'Puzzles'}>
      <p>Find the best play in positions from real games.</p>
    </ComingSoon>
  );
}
