import {
  applyEvent,
  canSetRack,
  createGame,
  isBoardLayoutName,
  isChallengeRule,
  isLetterSetName,
  isVariant,
  letterSetForLexicon,
  parseTiles,
  printTiles,
  Rack,
  setRack,
  sortTiles,
  type ChallengeRule,
  type GameEvent,
  type GameState,
  type Result,
} from '@tessera/engine';

/**
 * The browser's copy of a game: an engine GameState that every event goes
 * through, by the engine's own reducer (docs/product/gameplay.md §4 "Applying a tile
 * move"), so the board, the bag count and the pool can never disagree with
 * the server's rules.
 *
 * The catch is that a viewer does not see every rack. While a game is on,
 * an event shows its rack to its mover alone, and the reducer wants a rack
 * that holds the tiles played. The model therefore keeps a *consistent
 * guess*: every rack the viewer cannot see is filled with tiles drawn from
 * the tiles the viewer cannot see either, so that
 *
 *     bag + hidden racks  ==  the tiles unseen by the viewer
 *
 * always holds in counts, and each rack has its real size. Before an
 * opponent's play is applied, their guessed rack is adjusted to hold the
 * tiles they played (taken from the unseen tiles, where they must be). The
 * board, scores, bag size and pool come out exact; only which unseen tile
 * sits in the bag and which on a hidden rack is made up. Racks that are
 * known (the viewer's own; every rack once the game is over) are set as
 * they are, so a finished game replays exactly.
 */

/** What a game is played with, as the history describes it. */
export interface ModelSetup {
  gameId: string;
  lexicon: string;
  variant: string;
  challengeRule: ChallengeRule;
  letterDistribution: string;
  boardLayout: string;
  firstPlayer: number;
  nicknames: [string, string];
  userIds: [string, string];
}

export function newModel(s: ModelSetup): GameState {
  const variant = isVariant(s.variant) ? s.variant : 'classic';
  return createGame(
    {
      variant,
      challengeRule: s.challengeRule,
      lexicon: s.lexicon,
      letterDistribution: isLetterSetName(s.letterDistribution)
        ? s.letterDistribution
        : letterSetForLexicon(s.lexicon),
      boardLayout: isBoardLayoutName(s.boardLayout)
        ? s.boardLayout
        : variant === 'classic_super'
          ? 'SuperCrosswordGame'
          : 'CrosswordGame',
      firstPlayer: s.firstPlayer,
      // The draws are a stand-in for racks the viewer cannot see; any seed will do.
      seed: 1,
      players: [
        { nickname: s.nicknames[0], realName: s.nicknames[0], userId: s.userIds[0] },
        { nickname: s.nicknames[1], realName: s.nicknames[1], userId: s.userIds[1] },
      ],
      meta: { uid: s.gameId, type: 'native' },
    },
    true,
  );
}

export function challengeRuleOr(name: string, fallback: ChallengeRule): ChallengeRule {
  return isChallengeRule(name) ? name : fallback;
}

/** The rack tiles (0 for a blank) an event needs its mover to hold, or null when it names none. */
function tilesNeeded(g: GameState, e: GameEvent): number[] | null {
  if (e.type === 'TILE_PLACEMENT_MOVE') {
    const word = parseTiles(g.set, e.playedTiles, 'word');
    if (!word.ok) return null;
    return Array.from(word.value)
      .filter((t) => t !== 0)
      .map(Rack.source);
  }
  if (e.type === 'EXCHANGE' && e.exchanged !== '') {
    const tiles = parseTiles(g.set, e.exchanged, 'rack');
    return tiles.ok ? Array.from(tiles.value) : null;
  }
  return null;
}

/**
 * A rack for `p` of its current size that holds `needed`: the needed tiles
 * plus as many of the guessed rack's own tiles as make up the size.
 */
export function guessRack(g: GameState, p: number, needed: readonly number[]): string {
  const rest = Array.from(g.racks[p].tiles());
  for (const t of needed) {
    const i = rest.indexOf(t);
    if (i >= 0) rest.splice(i, 1);
  }
  const size = Math.max(g.racks[p].size, needed.length);
  const target = [...needed];
  while (target.length < size && rest.length > 0) target.push(rest.shift()!);
  return printTiles(g.set, sortTiles(target), 'rack');
}

/** Applies one event as the viewer received it, filling in a hidden rack where the reducer needs one. */
export function applyViewEvent(g: GameState, e: GameEvent): Result<GameEvent> {
  if (e.rack === '') {
    const needed = tilesNeeded(g, e);
    if (needed) return applyEvent(g, { ...e, rack: guessRack(g, e.playerIndex, needed) });
  }
  return applyEvent(g, e);
}

/** Sets a rack the viewer knows; false when the text cannot be that rack here. */
export function setKnownRack(g: GameState, p: number, text: string): boolean {
  const tiles = parseTiles(g.set, text, 'rack');
  if (!tiles.ok) return false;
  const same = Rack.of(g.set, tiles.value).equals(g.racks[p]);
  if (same) return true;
  if (!canSetRack(g, p, tiles.value).ok) return false;
  setRack(g, p, tiles.value);
  return true;
}

/** The model after the events; `failedAt` is the index of the first event it could not apply (-1: none). */
export function replayView(
  setup: ModelSetup,
  events: readonly GameEvent[],
): { g: GameState; failedAt: number; message: string } {
  const g = newModel(setup);
  for (let i = 0; i < events.length; i++) {
    const r = applyViewEvent(g, events[i]);
    if (!r.ok) return { g, failedAt: i, message: r.message };
  }
  return { g, failedAt: -1, message: '' };
}

/** Counts per machine letter of the tiles `viewer` cannot see: the bag and every other rack. */
export function unseenCounts(g: GameState, viewer: number): Uint8Array {
  const counts = g.bag.counts();
  for (const p of [0, 1]) {
    if (p === viewer) continue;
    const rack = g.racks[p].counts;
    for (let code = 0; code < rack.length; code++) counts[code] += rack[code];
  }
  return counts;
}
