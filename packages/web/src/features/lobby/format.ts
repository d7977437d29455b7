import { TIME_CLASS_LABELS, timeClass } from '@tessera/protocol';

/** Texts for the lobby's lists and dialogs (docs/product/gameplay.md §4 "Clock", §9). */

export function initialTimeText(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function daysText(seconds: number): string {
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} hours`;
  const days = Math.round(seconds / 86_400);
  return days === 1 ? '1 day' : `${days} days`;
}

export interface TimeControl {
  initialTimeSecs: number;
  incrementSecs: number;
  maxOvertimeMinutes: number;
  correspondence: boolean;
}

/** "20 min", "45 s": the initial time in short form. */
export function shortInitial(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** The extra time in words, or '' for none. */
export function extraTimeText(t: TimeControl): string {
  if (t.correspondence) return 'per turn';
  if (t.incrementSecs > 0) return `+${t.incrementSecs} s per move`;
  if (t.maxOvertimeMinutes > 0) return `+${t.maxOvertimeMinutes} min overtime`;
  return 'no extra time';
}

/** The main figure of a time control: "20 min", or "5 days" per turn for correspondence. */
export function mainTimeText(t: TimeControl): string {
  return t.correspondence ? daysText(t.initialTimeSecs) : shortInitial(t.initialTimeSecs);
}

/** "20 min +1 min overtime", "5 days per turn". */
export function timeControlText(t: TimeControl): string {
  return `${mainTimeText(t)} ${extraTimeText(t)}`;
}

/** Ultra-Blitz, Blitz, Rapid, Regular or Correspondence. */
export function timeClassLabel(t: TimeControl): string {
  return TIME_CLASS_LABELS[
    timeClass(t.initialTimeSecs, t.maxOvertimeMinutes, t.incrementSecs, t.correspondence)
  ];
}

/** A rating as shown next to a name: "1500", or "1500?" while not established. */
export function ratingText(rating: number | string, established = true): string {
  // The server writes a seeker's unestablished rating as "1500?".
  const marked = typeof rating === 'string' && rating.trim().endsWith('?');
  const digits = typeof rating === 'string' ? rating.trim().replace(/\?$/, '') : rating;
  const n = typeof digits === 'string' ? Number(digits) : digits;
  if (!Number.isFinite(n) || digits === '') return '';
  return `${Math.round(n)}${established && !marked ? '' : '?'}`;
}

export const DAY_MS = 86_400_000;

/**
 * Time left in a correspondence game (docs/product/gameplay.md §4): "<1 min", minutes, "1 hr",
 * "N hr", "1 day" for 24 to 47 hours, then "N days".
 */
export function correspondenceRemaining(ms: number): string {
  if (ms < 60_000) return '<1 min';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 24) return `${hours} hr`;
  const days = Math.floor(ms / DAY_MS);
  return days === 1 ? '1 day' : `${days} days`;
}
