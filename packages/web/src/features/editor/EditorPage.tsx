import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function EditorPage() {
  const { id } = useParams();
  return (
    <ComingSoon title={id ? `Board editor: game ${id}` : 'Board editor'}>
      <p>Create an annotated game from scratch or from a GCG file, and comment on each turn.</p>
    </ComingSoon>
  );
}
