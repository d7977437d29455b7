/**
 * TournamentService lists: recent and upcoming tournaments, past ones (at
 * most 50, §9), and club sessions (a club's dated sessions are child
 * tournaments of the club, club-sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import type { ServiceImpl } from '@connectrpc/connect';
import type { Selectable } from 'kysely';
import type { TournamentService } from '@tessera/protocol';
import { Calls, personId } from './context.ts';
import type { TournamentRow } from './store.ts';
import { TYPE_TO_WIRE } from './views.ts';
import type { TournamentKind } from '@tessera/tournament';
import { timeSeconds } from './bounds.ts';
import { requireClub, sessionMeta } from './club-sessions.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

export const PAST_LIMIT = 50;
const CLUB_LIMIT = 500;
const RECENT_MS = 7 * 24 * 3600 * 1000;

function item(r: Selectable<TournamentRow>) {
  const start = Number(r.scheduled_start);
  const end = Number(r.scheduled_end);
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    firstDirector: r.first_director,
    registrantCount: r.registrant_count,
    registrationOpen: r.registration_open,
    scheduledStartTime: start ? { seconds: BigInt(start) } : undefined,
    scheduledEndTime: end ? { seconds: BigInt(end) } : undefined,
    type: TYPE_TO_WIRE[r.type as TournamentKind],
    finished: r.finished,
  };
}

export function listCalls(c: Calls): Impl {
  return {
    async getRecentAndUpcomingTournaments() {
      // Clubs meet all year: the directory (/clubs, /events) lists every open
      // club, however many events are scheduled before its next session.
      const events = await c.d.store.list('upcoming', PAST_LIMIT, RECENT_MS);
      const clubs = await c.d.store.list('clubs', CLUB_LIMIT);
      const seen = new Set(events.map((r) => r.id));
      return { tournaments: [...events, ...clubs.filter((r) => !seen.has(r.id))].map(item) };
    },

    async getPastTournaments(req) {
      const limit = Math.min(Math.max(req.limit || PAST_LIMIT, 1), PAST_LIMIT);
      return { tournaments: (await c.d.store.list('past', limit)).map(item) };
    },

    async createClubSession(req, ctx) {
      const club = await c.load(req.clubId);
      const me = await c.requireDirector(ctx, club);
      requireClub(club);
      const at = req.date ? new Date(timeSeconds(req.date) * 1000) : new Date();
      const day = at.toISOString().slice(0, 10);
      let slug = `${club.meta.slug}-${day}`;
      for (let n = 2; await c.d.store.resolve(slug); n++) slug = `${club.meta.slug}-${day}-${n}`;
      const id = randomBytes(9).toString('base64url');
      const meta = sessionMeta(club, slug, at);
      await c.d.events.transaction(c.d.db, (tx) =>
        c.d.store.create(
          tx,
          id,
          personId(me),
          {
            kind: 'created',
            meta,
            executiveDirector: club.executiveDirector,
            directors: club.directors,
          },
          club.id,
        ),
      );
      return { tournamentId: id, slug, name: meta.name };
    },

    async getRecentClubSessions(req) {
      const club = await c.load(req.id);
      const count = Math.min(Math.max(req.count || 10, 1), 100);
      const rows = await c.d.store.clubSessions(club.id, count, Math.max(req.offset, 0));
      return {
        sessions: rows.map((r) => ({ tournamentId: r.id, slug: r.slug, name: r.name })),
      };
    },
  };
}
