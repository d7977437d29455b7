import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from './clients.ts';

const MINUTE = 60_000;

/*
 * The server data pages read, one query per resource: its key, the call
 * and how long an answer stays fresh. A key starts with the service and
 * method and then names what was asked (and for whom, when the answer
 * depends on the user), so a change can update or invalidate exactly it.
 * Pages read these with useQuery; the cache is the QueryClient in Services.
 */

/** The server's lexicons and its default; the list only grows while the server builds more. */
export const lexiconsQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['word', 'getLexicons'],
    queryFn: () => api.word.getLexicons({}),
    staleTime: Infinity,
    // Lexicons still building on the server join the list when they are ready.
    refetchInterval: (q) => (q.state.data?.building ? LEXICONS_BUILDING_POLL_MS : false),
  });

/** How often the lexicon list is asked again while the server is still building some. */
export const LEXICONS_BUILDING_POLL_MS = 15_000;

/** Which bots the user may play now (locked, or a member's monthly games used up). */
export const botAccessQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['bot', 'getBotAccess', userId],
    queryFn: () => api.bot.getBotAccess({}),
    staleTime: MINUTE,
  });

/** The lobby's announcements, set by administrators. */
export const announcementsQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['config', 'getAnnouncements'],
    queryFn: () => api.config.getAnnouncements({}),
    staleTime: 5 * MINUTE,
  });

/** Correspondence games in progress on the whole site (administrators only). */
export const correspondenceGameCountQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['config', 'getCorrespondenceGameCount'],
    queryFn: () => api.config.getCorrespondenceGameCount({}),
  });

/** The user's API key; only a reset changes it, and that writes the new key here. */
export const apiKeyQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['auth', 'getAPIKey', userId],
    queryFn: () => api.auth.getAPIKey({}),
    staleTime: Infinity,
  });

/**
 * A game's record as the viewer may see it. A game in progress moves on, so
 * a revisit shows the cached record while it is asked for again.
 */
export const gameHistoryQuery = (api: ApiClients, gameId: string) =>
  queryOptions({
    queryKey: ['gameMetadata', 'getGameHistory', gameId],
    queryFn: () => api.gameMetadata.getGameHistory({ gameId }),
  });

/**
 * The games of a rematch streak as they stood when `endedGameId` ended: the
 * streak grows with each rematch, so its answer is kept per ended game.
 */
export const rematchStreakQuery = (
  api: ApiClients,
  originalRequestId: string,
  endedGameId: string,
) =>
  queryOptions({
    queryKey: ['gameMetadata', 'getRematchStreak', originalRequestId, endedGameId],
    queryFn: () => api.gameMetadata.getRematchStreak({ originalRequestId }),
    staleTime: Infinity,
  });
