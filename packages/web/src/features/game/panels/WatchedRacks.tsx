import type { LetterSet } from '@tessera/engine';
import { Tile, tileName } from '../../../board/Tile.tsx';
import type { PlayerView } from '../../../board/state/history-view.ts';

/**
 * Both players' racks for a tournament's director, admin or Tournament
 * Manager watching a game (docs/product/tournaments.md §6: they watch
 * without observer restrictions). Each rack is named after its player and
 * follows the game as moves and draws arrive; the tiles cannot be moved.
 */
export function WatchedRacks({
  set,
  players,
  racks,
  onTurn,
}: {
  set: LetterSet;
  players: readonly PlayerView[];
  racks: readonly Uint8Array[];
  /** Whose turn it is (-1: nobody's); that rack is marked. */
  onTurn: number;
}) {
  return (
    <div className="watched-racks">
      {players.map((p, i) => {
        const tiles = Array.from(racks[i] ?? []);
        const name = `${p.nickname}'s rack`;
        return (
          <section
            key={p.userId || i}
            className={`watched-rack${onTurn === i ? ' watched-rack-on-turn' : ''}`}
            aria-label={name}
          >
            <span className="watched-rack-name">{p.nickname}</span>
            <ul className="rack watched-rack-tiles" aria-label={name}>
              {tiles.map((t, k) => (
                <li key={k} className="rack-slot" aria-label={tileName(set, t)}>
                  <Tile set={set} tile={t} />
                </li>
              ))}
              {tiles.length === 0 && <li className="rack-empty">No tiles</li>}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
