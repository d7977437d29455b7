import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function AnnotatedGamePage() {
  const { id = '' } = useParams();
  return (
    <ComingSoon title={`Annotated game ${id}`}>
      <p>A game with its annotator's comments, turn by turn.</p>
    </ComingSoon>
  );
}
