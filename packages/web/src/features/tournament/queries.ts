import { Code, ConnectError } from '@connectrpc/connect';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from '../../rpc/clients.ts';
import { stateFrom } from './from-proto.ts';
import { metaFrom } from './from-proto.ts';
import { parseDirectors } from './model.ts';
import { RECENT_GAMES_PAGE_SIZE } from './pairings.ts';

/*
 * The tournament page's server data (docs/product/tournaments.md §7), one
 * query per resource as in rpc/queries.ts. Realtime messages edit the cached
 * answers in place (use-tournament-realtime.ts).
 */

export type PageKind = 'tournament' | 'club';

const other = (k: PageKind): PageKind => (k === 'club' ? 'tournament' : 'club');

/**
 * The metadata of /{kind}/{slug}. Both paths lead to the same page (§2
 * "Routes"), so a miss under one prefix asks once more under the other.
 */
export const tournamentMetadataQuery = (api: ApiClients, kind: PageKind, slug: string) =>
  queryOptions({
    queryKey: ['tournament', 'getTournamentMetadata', 'slug', slug.toLowerCase()],
    queryFn: async () => {
      let res;
      try {
        res = await api.tournament.getTournamentMetadata({ slug: `/${kind}/${slug}` });
      } catch (e) {
        if (!(e instanceof ConnectError) || e.code !== Code.NotFound) throw e;
        res = await api.tournament.getTournamentMetadata({ slug: `/${other(kind)}/${slug}` });
      }
      return {
        meta: metaFrom(res.metadata!),
        directors: parseDirectors(res.directors, res.metadata?.firstDirector),
        raw: res.metadata!,
      };
    },
    retry: false,
  });

/** Metadata by id (the game page's way back to its tournament). */
export const tournamentByIdQuery = (api: ApiClients, id: string) =>
  queryOptions({
    queryKey: ['tournament', 'getTournamentMetadata', 'id', id],
    queryFn: async () => metaFrom((await api.tournament.getTournamentMetadata({ id })).metadata!),
    staleTime: Infinity,
    retry: false,
  });

/**
 * Divisions, players and the pairings and standings of each division's
 * current round and the one before it (a page: the other rounds come when
 * shown, useRoundsShown); kept current by the realm's messages while the
 * page is open, and asked again whenever it opens (the messages sent while
 * the user was elsewhere, in a game say, did not reach it).
 */
export const tournamentQuery = (api: ApiClients, id: string) =>
  queryOptions({
    queryKey: ['tournament', 'getTournament', id],
    queryFn: async () =>
      stateFrom(await api.tournament.getTournament({ id, paged: true, currentRound: true }), true),
  });

/** One page of a club's (or tournament's) recent games (§2 "Recent games tab"). */
export const recentGamesQuery = (api: ApiClients, id: string, offset: number) =>
  queryOptions({
    queryKey: ['tournament', 'recentGames', id, offset],
    queryFn: () => api.tournament.recentGames({ id, numGames: RECENT_GAMES_PAGE_SIZE, offset }),
  });

export const clubSessionsQuery = (api: ApiClients, id: string, offset: number) =>
  queryOptions({
    queryKey: ['tournament', 'getRecentClubSessions', id, offset],
    queryFn: () => api.tournament.getRecentClubSessions({ id, count: 10, offset }),
  });

/*
 * What a write changes, for useAction to ask again (use-action.ts): the
 * realm's messages bring the change anyway; asking again for the one query
 * it lives in covers a message the page missed. Nothing else under
 * 'tournament' (recent games, the log, sessions, the events list) is asked for.
 */
/** The metadata (settings, directors, registration and check-ins open). */
export const METADATA_KEY = ['tournament', 'getTournamentMetadata'] as const;
/** The divisions: players, pairings, results, controls, check-ins. */
export const stateKey = (id: string) => ['tournament', 'getTournament', id] as const;

const LOG_PAGE = 1000;

/** The whole event log (directors, read-only ones too), oldest first, asked a page at a time. */
export const tournamentLogQuery = (api: ApiClients, id: string) =>
  queryOptions({
    queryKey: ['tournament', 'getTournamentLog', id],
    queryFn: async () => {
      const entries = [];
      for (let afterSeq = 0n; ;) {
        const page = await api.tournament.getTournamentLog({ id, afterSeq, limit: LOG_PAGE });
        entries.push(...page.entries);
        if (page.entries.length < LOG_PAGE) return entries;
        afterSeq = page.entries[page.entries.length - 1].seq;
      }
    },
    retry: false,
  });

/** The tournament as it stood once a round (0-based) was complete, amendments included. */
export const tournamentAsOfRoundQuery = (api: ApiClients, id: string, round: number) =>
  queryOptions({
    queryKey: ['tournament', 'getTournamentAsOfRound', id, round],
    queryFn: async () => stateFrom(await api.tournament.getTournamentAsOfRound({ id, round })),
    retry: false,
  });
