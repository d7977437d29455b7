/**
 * Club sessions (issue 36, item 16): a club's dated meeting is a child
 * tournament of the club (§1: child tournaments are paired, with the
 * standard director tools), whose metadata names its club. Sessions made
 * before this were free-form copies of the club; the migration below gives
 * them their club too, so their pages know they are sessions (no sessions of
 * their own, a link back) and the club lists them by name as it lists new ones.
 */
import { sql } from 'kysely';
import { isFreeForm, type Meta, type TState } from '@tessera/tournament';
import { refuse } from '@tessera/protocol';
import type { Migration } from '../../storage/migrate.ts';
import { TEXT_CAPS } from './bounds.ts';

export const clubSessionsMigration: Migration = {
  name: '0003_club_session_parent',
  async up(db) {
    // The club is written where the fold reads it (the `created` entry) and
    // into the cached state, so a refold and the cache agree.
    await sql`UPDATE tournament_log l
      SET body = jsonb_set(l.body, '{meta,club}', jsonb_build_object('id', p.id, 'slug', p.slug))
      FROM tournaments t JOIN tournaments p ON p.id = t.club_id
      WHERE l.tournament_id = t.id AND l.seq = 1 AND l.body->>'kind' = 'created'`.execute(db);
    await sql`UPDATE tournaments t
      SET state = jsonb_set(t.state, '{meta,club}', jsonb_build_object('id', p.id, 'slug', p.slug))
      FROM tournaments p WHERE p.id = t.club_id`.execute(db);
  },
};

/** Refuses a session for anything but a club (a session itself included). */
export function requireClub(club: TState): void {
  if (club.meta.club) throw refuse('TOURNAMENT_SESSION_OF_SESSION');
  if (!isFreeForm(club.meta.type)) throw refuse('TOURNAMENT_NOT_A_CLUB');
}

const DAY_NAME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A session's metadata: the club's look and texts, a child tournament on
 * `at`'s day, named "{club} – {date}" (the club's name shortened to fit).
 */
export function sessionMeta(club: TState, slug: string, at: Date): Meta {
  const m = club.meta;
  const day = DAY_NAME.format(at);
  const room = TEXT_CAPS.name - day.length - 3;
  const clubName =
    [...m.name].length > room ? `${[...m.name].slice(0, room - 1).join('')}…` : m.name;
  return {
    name: `${clubName} – ${day}`,
    description: m.description,
    slug,
    type: 'child',
    disclaimer: m.disclaimer,
    tileStyle: m.tileStyle,
    boardStyle: m.boardStyle,
    logo: m.logo,
    color: m.color,
    password: m.password,
    privateAnalysis: m.privateAnalysis,
    irlMode: false,
    monitored: m.monitored,
    scheduledStart: Math.floor(at.getTime() / 1000),
    scheduledEnd: 0,
    freeformClubSettingFields: [],
    club: { id: club.id, slug: m.slug },
  };
}
