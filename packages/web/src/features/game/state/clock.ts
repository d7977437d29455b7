import type { ClockView } from '../../../board/state/history-view.ts';

/**
 * Clock arithmetic of docs/product/gameplay.md §4 "Clock": the running clock counts
 * down locally from the server's last values, stops at minus the maximum
 * overtime, ticks every second (every 100 ms under 10 s), and warns at or
 * below max(initial time / 5, 30 s).
 */

export const LOW_TIME_FLOOR_MS = 30_000;
export const FAST_TICK_BELOW_MS = 10_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds left for player `p` at local time `now` (negative in overtime). */
export function remainingAt(c: ClockView, p: number, now: number): number {
  let ms = c.remainingMs[p] ?? 0;
  if (c.running === p) ms -= Math.max(0, now - c.receivedAt);
  return Math.max(ms, -c.maxOvertimeMinutes * MINUTE);
}

/** True once the running player has used all their overtime. */
export function flagged(c: ClockView, now: number): boolean {
  return c.running >= 0 && remainingAt(c, c.running, now) <= -c.maxOvertimeMinutes * MINUTE;
}

export function lowTimeThresholdMs(initialSeconds: number): number {
  return Math.max((initialSeconds * 1000) / 5, LOW_TIME_FLOOR_MS);
}

/** How often a clock showing `ms` must be redrawn. */
export function tickMs(ms: number): number {
  return Math.abs(ms) < FAST_TICK_BELOW_MS ? 100 : 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "12:34", "1:02:03", "0:09.4" under ten seconds, "-1:05" in overtime. */
export function formatClock(ms: number): string {
  if (ms < 0) {
    const s = Math.ceil(-ms / 1000);
    return `-${Math.floor(s / 60)}:${pad(s % 60)}`;
  }
  if (ms < FAST_TICK_BELOW_MS) {
    const tenths = Math.floor(ms / 100);
    return `0:${pad(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

export interface CorrespondenceTime {
  text: string;
  level: 'urgent' | 'warning' | null;
}

/** The correspondence timer's words (docs/product/gameplay.md §4 "Clock"). */
export function formatCorrespondence(ms: number): CorrespondenceTime {
  if (ms < MINUTE) return { text: '<1 min', level: 'urgent' };
  if (ms < HOUR) return { text: `${Math.floor(ms / MINUTE)} min`, level: 'urgent' };
  const hours = Math.floor(ms / HOUR);
  if (hours === 1) return { text: '1 hr', level: 'warning' };
  if (hours < 24) return { text: `${hours} hr`, level: null };
  if (hours < 48) return { text: '1 day', level: null };
  return { text: `${Math.floor(ms / DAY)} days`, level: null };
}

/** A time bank as "2d 3h 15m". */
export function formatTimeBank(ms: number): string {
  const m = Math.max(0, Math.floor(ms / MINUTE));
  return `${Math.floor(m / 1440)}d ${Math.floor((m % 1440) / 60)}h ${m % 60}m`;
}
