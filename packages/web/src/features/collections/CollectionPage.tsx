import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function CollectionPage() {
  const { uuid = '', chapter } = useParams();
  return (
    <ComingSoon title={chapter ? `Collection: chapter ${chapter}` : 'Collection'}>
      <p>Games and annotated games gathered into chapters.</p>
      <p className="muted">Collection {uuid}</p>
    </ComingSoon>
  );
}
