import { TournamentType, type TournamentListItem } from '@tessera/protocol';
import { millis } from '../../rpc/timestamp.ts';
import { usernameOf } from '@tessera/tournament';

/**
 * The lists of the events page, the clubs directory and the lobby's widget
 * (docs/product/tournaments.md §2 "Routes"): clubs, and tournaments not yet
 * over in start order, with their times in the viewer's time zone.
 */
export interface EventItem {
  id: string;
  name: string;
  /** The page's path, "/tournament/x" or "/club/x". */
  path: string;
  start: number;
  end: number;
  director: string;
  registrants: number;
  registrationOpen: boolean;
  club: boolean;
}

/** Clubs and legacy clubhouses meet free-form: they are listed as clubs, not events. */
const isClub = (t: TournamentListItem) =>
  t.type === TournamentType.CLUB || t.type === TournamentType.LEGACY;

export function eventItem(t: TournamentListItem): EventItem {
  const club = isClub(t);
  return {
    id: t.id,
    name: t.name,
    path: t.slug.startsWith('/') ? t.slug : `/${club ? 'club' : 'tournament'}/${t.slug}`,
    start: millis(t.scheduledStartTime),
    end: millis(t.scheduledEndTime),
    director: usernameOf(t.firstDirector),
    registrants: t.registrantCount,
    registrationOpen: t.registrationOpen,
    club,
  };
}

/** Clubs by name. */
export function clubsOf(items: readonly TournamentListItem[]): EventItem[] {
  return items
    .filter(isClub)
    .map(eventItem)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tournaments that are not over at `now`, soonest first (unscheduled ones last). */
export function upcomingOf(items: readonly TournamentListItem[], now: number): EventItem[] {
  return items
    .filter((t) => !isClub(t) && !t.finished)
    .map(eventItem)
    .filter((e) => !e.end || e.end >= now)
    .sort((a, b) => (a.start || Infinity) - (b.start || Infinity));
}

/**
 * "Sat, 28 Nov 2026, 14:00" in the viewer's zone (with `seconds`,
 * "…14:00:09"); '' when not scheduled.
 */
export function whenText(ms: number, timeZone?: string, seconds = false): string {
  if (!ms) return '';
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    timeZone,
  }).format(ms);
}

/** The viewer's time zone name ("Europe/Paris"). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
