import type { EndReason, GameEvent } from '@tessera/engine';

/** How one finished game looked for one of its players (decision 0132). */
export type NotoriousType =
  'GOOD' | 'NO_PLAY' | 'SITTING' | 'SANDBAG' | 'NO_PLAY_DENIED_NUDGE' | 'EXCESSIVE_PHONIES';

/** The rules' numbers; every one can be overridden (NOTORIETY_RULES, JSON). */
export interface NotorietyRules {
  points: Record<Exclude<NotoriousType, 'GOOD'>, number>;
  /** Above this score rated games are suspended for (score − threshold) days. */
  threshold: number;
  /** Points a clean game takes off. */
  forgiveness: number;
  /** SITTING: the clock the player still had after their last move, as a share of the initial time… */
  sittingMinShare: number;
  /** …and at least this many seconds. */
  sittingMinSeconds: number;
  /** SANDBAG: resigning a rated game after at most this many turns of one's own. */
  sandbagMaxTurns: number;
  /**
   * EXCESSIVE_PHONIES: at least this many phonies of one's own in a game,
   * challenged off or left on the board unchallenged.
   */
  excessivePhonies: number;
}

export const DEFAULT_NOTORIETY_RULES: NotorietyRules = {
  points: { NO_PLAY: 6, NO_PLAY_DENIED_NUDGE: 10, EXCESSIVE_PHONIES: 8, SITTING: 4, SANDBAG: 4 },
  threshold: 10,
  forgiveness: 1,
  sittingMinShare: 0.25,
  sittingMinSeconds: 30,
  sandbagMaxTurns: 3,
  excessivePhonies: 5,
};

/** The defaults with a JSON text's overrides (unknown or ill-typed fields are ignored). */
export function parseNotorietyRules(text: string): NotorietyRules {
  const rules = structuredClone(DEFAULT_NOTORIETY_RULES);
  if (!text.trim()) return rules;
  const given: unknown = JSON.parse(text);
  if (typeof given !== 'object' || given === null) return rules;
  const g = given as Record<string, unknown>;
  for (const k of Object.keys(rules) as (keyof NotorietyRules)[]) {
    if (k === 'points') continue;
    if (typeof g[k] === 'number' && Number.isFinite(g[k])) (rules[k] as number) = g[k];
  }
  if (typeof g.points === 'object' && g.points !== null) {
    const p = g.points as Record<string, unknown>;
    for (const k of Object.keys(rules.points) as (keyof NotorietyRules['points'])[]) {
      if (typeof p[k] === 'number' && Number.isFinite(p[k])) rules.points[k] = p[k];
    }
  }
  return rules;
}

/** What the classification needs to know about a finished game. */
export interface FinishedForNotoriety {
  events: readonly GameEvent[];
  endReason: EndReason;
  scores: readonly [number, number];
  rated: boolean;
  /** The initial time each player had, in seconds. */
  initialSeconds: number;
  /**
   * Each seat's plays left on the board that form a word the game's lexicon
   * does not have (the engine's game statistics, `gameStats`).
   */
  unchallengedPhonies: readonly [number, number];
}

const OWN_TURNS = new Set<GameEvent['type']>([
  'TILE_PLACEMENT_MOVE',
  'PASS',
  'EXCHANGE',
  'CHALLENGE',
  'UNSUCCESSFUL_CHALLENGE_TURN_LOSS',
]);

/**
 * One player's classification, first rule that matches wins (decision 0132):
 * 1. NO_PLAY_DENIED_NUDGE: lost on time or by an unanswered nudge after denying a nudge.
 * 2. NO_PLAY: lost on time or by forfeit without a single turn.
 * 3. SITTING: lost on time while behind, with plenty of clock left after their last move.
 * 4. SANDBAG: resigned a rated game after at most `sandbagMaxTurns` turns.
 * 5. EXCESSIVE_PHONIES: at least `excessivePhonies` phonies, challenged off or not.
 * Otherwise GOOD.
 */
export function classify(
  game: FinishedForNotoriety,
  player: number,
  deniedNudge: boolean,
  rules: NotorietyRules = DEFAULT_NOTORIETY_RULES,
): NotoriousType {
  const own = game.events.filter((e) => e.playerIndex === player && OWN_TURNS.has(e.type));
  const lostBy = (type: GameEvent['type']) =>
    game.events.some((e) => e.type === type && e.playerIndex === player);
  const flagged = game.endReason === 'TIME' && lostBy('TIMED_OUT');
  const forfeited =
    game.endReason === 'FORCE_FORFEIT' && game.scores[player] <= game.scores[1 - player];
  if ((flagged || forfeited) && deniedNudge) return 'NO_PLAY_DENIED_NUDGE';
  if ((flagged || forfeited) && own.length === 0) return 'NO_PLAY';
  if (flagged && game.scores[player] < game.scores[1 - player]) {
    const left = own[own.length - 1].millisRemaining;
    const needed = Math.max(
      rules.sittingMinSeconds * 1000,
      rules.sittingMinShare * game.initialSeconds * 1000,
    );
    if (left >= needed) return 'SITTING';
  }
  if (
    game.rated &&
    game.endReason === 'RESIGNED' &&
    lostBy('RESIGNED') &&
    own.length <= rules.sandbagMaxTurns
  ) {
    return 'SANDBAG';
  }
  const challenged = game.events.filter(
    (e) => e.type === 'PHONY_TILES_RETURNED' && e.playerIndex === player,
  ).length;
  const phonies = challenged + game.unchallengedPhonies[player];
  if (phonies >= rules.excessivePhonies) return 'EXCESSIVE_PHONIES';
  return 'GOOD';
}

/** The score after one more game: bad games add their points, a clean one forgives. */
export function nextScore(score: number, type: NotoriousType, rules: NotorietyRules): number {
  if (type === 'GOOD') return Math.max(0, score - rules.forgiveness);
  return score + rules.points[type];
}

/** Days of rated-game suspension a score brings (0: none). */
export function suspensionDays(score: number, rules: NotorietyRules): number {
  return Math.max(0, score - rules.threshold);
}
