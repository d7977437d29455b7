import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** A developer tool that draws tile sheets for a letter distribution. */
export function TileImagesPage() {
  const { dist } = useParams();
  return (
    <ComingSoon title={dist ? `Tile images: ${dist}` : 'Tile images'}>
      <p>Draws the tile sheet of a letter distribution for capture.</p>
    </ComingSoon>
  );
}
