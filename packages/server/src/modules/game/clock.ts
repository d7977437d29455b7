/**
 * Game clocks, kept by the server (docs/product/gameplay.md §4 "Clock"). Only the
 * player on turn's clock runs. A real-time clock may go negative down to
 * minus the maximum overtime; past that the player has lost on time.
 * Correspondence games give each turn a fixed time (default five days) plus
 * an optional bank that absorbs overruns.
 *
 * All functions are pure: they take "now" and return a new state.
 */

export const MS_PER_MINUTE = 60_000;
export const DEFAULT_CORRESPONDENCE_TURN_SECONDS = 432_000;

export interface ClockState {
  /** Milliseconds left per player (negative in overtime). */
  remaining: [number, number];
  /** Correspondence: milliseconds of bank left per player. */
  bank: [number, number];
  incrementMs: number;
  maxOvertimeMs: number;
  /** Correspondence: each turn starts with this many ms. */
  perTurnMs: number;
  correspondence: boolean;
  /** -1 when no clock runs (not started, or game over). */
  running: number;
  /** When `remaining[running]` was last brought up to date. */
  since: number;
  /** Time each player has been given by the other (ADD_TIME), capped at MAX_ADDED_MS. */
  added?: [number, number];
}

export function newClock(o: {
  initialSeconds: number;
  incrementSeconds: number;
  maxOvertimeMinutes: number;
  correspondence: boolean;
  timeBankMinutes: number;
}): ClockState {
  const perTurnMs = o.correspondence ? o.initialSeconds * 1000 : 0;
  const initial = o.initialSeconds * 1000;
  const bank = o.correspondence ? o.timeBankMinutes * MS_PER_MINUTE : 0;
  return {
    remaining: [initial, initial],
    bank: [bank, bank],
    incrementMs: o.correspondence ? 0 : o.incrementSeconds * 1000,
    maxOvertimeMs: o.correspondence ? 0 : o.maxOvertimeMinutes * MS_PER_MINUTE,
    perTurnMs,
    correspondence: o.correspondence,
    running: -1,
    since: 0,
  };
}

/** The clock values as of `now` (the running clock charged for the time since). */
export function readClock(c: ClockState, now: number): [number, number] {
  const r: [number, number] = [c.remaining[0], c.remaining[1]];
  if (c.running >= 0) r[c.running] -= Math.max(0, now - c.since);
  return r;
}

/** Has the running player's time (with overtime, or turn time and bank) run out? */
export function flagged(c: ClockState, now: number): boolean {
  if (c.running < 0) return false;
  return readClock(c, now)[c.running] + c.maxOvertimeMs + c.bank[c.running] < 0;
}

/** The moment the running player's flag falls; null when no clock runs. */
export function flagTime(c: ClockState): number | null {
  if (c.running < 0) return null;
  return c.since + c.remaining[c.running] + c.maxOvertimeMs + c.bank[c.running] + 1;
}

export function startClock(c: ClockState, player: number, now: number): ClockState {
  return { ...c, running: player, since: now };
}

/**
 * The player on turn finished a turn at `now`: charge them, add the increment,
 * and start the next player's clock. Correspondence: overrun comes out of the
 * bank, and the next player gets a fresh turn allowance.
 */
export function switchClock(c: ClockState, next: number, now: number): ClockState {
  const remaining = readClock(c, now);
  const bank: [number, number] = [c.bank[0], c.bank[1]];
  if (c.running >= 0) {
    const p = c.running;
    if (c.correspondence) {
      if (remaining[p] < 0) bank[p] = Math.max(0, bank[p] + remaining[p]);
      remaining[next] = c.perTurnMs;
    } else {
      remaining[p] += c.incrementMs;
    }
  } else if (c.correspondence) {
    remaining[next] = c.perTurnMs;
  }
  return { ...c, remaining, bank, running: next, since: now };
}

/** Stop all clocks at `now` (game over). */
export function stopClock(c: ClockState, now: number): ClockState {
  return { ...c, remaining: readClock(c, now), running: -1, since: now };
}

/** Time one player may be given by the other over a whole game. */
export const MAX_ADDED_MS = 5 * MS_PER_MINUTE;

/** Time given to `player` so far (clocks stored before the cap count as none). */
export function addedTo(c: ClockState, player: number): number {
  return c.added?.[player] ?? 0;
}

export function addTime(c: ClockState, player: number, ms: number, now: number): ClockState {
  const remaining = readClock(c, now);
  remaining[player] += ms;
  const added: [number, number] = [addedTo(c, 0), addedTo(c, 1)];
  added[player] += ms;
  return { ...c, remaining, added, since: c.running >= 0 ? now : c.since };
}
