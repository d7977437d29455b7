import {
  EMPTY,
  BLANK_BIT,
  isLetterSetName,
  LETTER_SET_NAMES,
  letterSet,
  type LetterSetName,
} from '@tessera/engine';
import { Link, useParams } from 'react-router';
import { Tile, tileName } from '../../board/Tile.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import '../../board/game.css';

/**
 * /tile_images and /tile_images/{letterDistribution} (docs/product/community.md
 * §2.1): a developer tool that lays out every tile of a letter set, drawn by
 * the board's own Tile, in the current tile style, for capture.
 */
export function TileImagesPage() {
  const { dist } = useParams();
  usePageTitle(dist ? `Tile images: ${dist}` : 'Tile images');
  const name = dist?.toLowerCase();
  return (
    <section className="page tile-images-page" aria-labelledby="page-title">
      <h1 id="page-title">{dist ? `Tile images: ${dist}` : 'Tile images'}</h1>
      <nav aria-label="Letter distributions">
        <ul className="tile-images-sets">
          {LETTER_SET_NAMES.map((n) => (
            <li key={n}>
              <Link to={`/tile_images/${n}`} aria-current={n === name ? 'page' : undefined}>
                {n}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {name === undefined ? (
        <p>Choose a letter distribution to draw its tile sheet.</p>
      ) : isLetterSetName(name) ? (
        <TileSheet name={name} />
      ) : (
        <p>There is no letter distribution called “{dist}”.</p>
      )}
    </section>
  );
}

function TileSheet({ name }: { name: LetterSetName }) {
  const set = letterSet(name);
  const tiles: number[] = [];
  set.letters.forEach((info, i) => {
    if (i !== EMPTY && info) tiles.push(i);
  });
  return (
    <>
      <h2>Tiles</h2>
      <ul className="tile-sheet" aria-label={`${name} tiles`}>
        <li className="tile-sheet-cell" aria-label={tileName(set, 0)}>
          <Tile set={set} tile={0} />
        </li>
        {tiles.map((t) => (
          <li key={t} className="tile-sheet-cell" aria-label={tileName(set, t)}>
            <Tile set={set} tile={t} />
          </li>
        ))}
      </ul>
      <h2>Blanks played as letters</h2>
      <ul className="tile-sheet" aria-label={`${name} blank tiles`}>
        {tiles.map((t) => (
          <li key={t} className="tile-sheet-cell" aria-label={tileName(set, t | BLANK_BIT)}>
            <Tile set={set} tile={t | BLANK_BIT} />
          </li>
        ))}
      </ul>
    </>
  );
}
