import type { LetterSet } from '@tessera/engine';
import { setPreferences, usePreferences } from '../../../preferences/use-preferences.ts';
import { POOL_FORMATS, poolGroups, type PoolFormat } from '../state/pool.ts';

/** Why an observer sees no tiles, and what the pool panel says instead. */
export const HIDDEN_TILES_TEXT = {
  correspondence: 'Tiles are hidden for correspondence game spectators',
  /** Logged-out visitors of a tournament game (docs/product/tournaments.md §6). */
  loggedOut: 'Log in or register to see player tiles',
} as const;

export type HiddenTiles = keyof typeof HIDDEN_TILES_TEXT;

/**
 * The unseen tiles (the bag and the opponent's rack, docs/product/gameplay.md §2):
 * alphabetical, vowels first or detailed by category, six to a line. The
 * arrangement is a local preference.
 */
export function PoolPanel({
  set,
  unseen,
  bagCount,
  hidden,
}: {
  set: LetterSet;
  unseen: Uint8Array;
  bagCount: number;
  /** Correspondence spectators and logged-out visitors of tournament games see no tiles. */
  hidden: HiddenTiles | null;
}) {
  const prefs = usePreferences();
  const format = prefs.poolFormat;
  const total = unseen.reduce((n, c) => n + c, 0);
  const groups = poolGroups(set, unseen, format);
  return (
    <section className="pool-panel" aria-labelledby="pool-title">
      <div className="panel-head">
        <h2 id="pool-title" className="panel-title">
          {hidden ? 'Pool' : `${total} unseen`}
          <span className="pool-bag">{bagCount} in the bag</span>
        </h2>
        <label className="pool-format">
          <span className="visually-hidden">Arrange the pool</span>
          <select
            value={format}
            onChange={(e) => setPreferences({ poolFormat: e.target.value as PoolFormat })}
          >
            {POOL_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {hidden || prefs.hidePool ? (
        <p className="muted">{hidden ? HIDDEN_TILES_TEXT[hidden] : 'The pool is hidden.'}</p>
      ) : (
        groups.map((g, i) => (
          <div key={g.heading ?? i} className="pool-group">
            {g.heading && (
              <h3 className="pool-heading">
                {g.heading} <span className="muted">{g.count}</span>
              </h3>
            )}
            {g.lines.map((line, k) => (
              <div key={k} className="pool-line">
                {line.map((face, j) => (
                  <span key={j} className={`pool-tile${face === '?' ? ' pool-blank' : ''}`}>
                    {face}
                  </span>
                ))}
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  );
}
