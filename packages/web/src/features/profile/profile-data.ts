import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PlayState, type GameInfo } from '@tessera/protocol';
import type { ApiClients } from '../../rpc/clients.ts';

/** The profile's figures, as the server's statsJson carries them (docs/product/community.md §2.4, §3). */
export interface StatsSummary {
  gamesPlayed: number;
  gamesWon: number;
  points: number;
  bingos: number;
  phonies: number;
  challengesWon: number;
}

export interface ProfileStats {
  byKey: Record<string, Record<string, number>>;
  summary: StatsSummary;
}

export interface RatingEntry {
  r: number;
  ts: number;
  d: number;
  games?: number;
}

export const GAMES_PAGE = 24;

export const profileQuery = (api: ApiClients, username: string) =>
  queryOptions({
    queryKey: ['profile', 'getProfile', username],
    queryFn: () => api.profile.getProfile({ username }),
    retry: false,
  });

export const ratingHistoryQuery = (api: ApiClients, username: string, ratingKey: string) =>
  queryOptions({
    queryKey: ['profile', 'getRatingHistory', username, ratingKey],
    queryFn: () => api.profile.getRatingHistory({ username, ratingKey }),
  });

export const profileGamesQuery = (api: ApiClients, username: string, offset: number) =>
  queryOptions({
    queryKey: ['profile', 'getGames', username, offset],
    queryFn: () => api.profile.getGames({ username, offset }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function parseStats(json: string): ProfileStats {
  const empty: StatsSummary = {
    gamesPlayed: 0,
    gamesWon: 0,
    points: 0,
    bingos: 0,
    phonies: 0,
    challengesWon: 0,
  };
  try {
    const v = JSON.parse(json || '{}') as Partial<ProfileStats>;
    return { byKey: v.byKey ?? {}, summary: { ...empty, ...v.summary } };
  } catch {
    return { byKey: {}, summary: empty };
  }
}

export function parseRatings(json: string): [string, RatingEntry][] {
  try {
    return Object.entries(JSON.parse(json || '{}') as Record<string, RatingEntry>).sort((a, b) =>
      a[0].localeCompare(b[0]),
    );
  } catch {
    return [];
  }
}

/** "NWL23.classic.blitz" → "NWL23 · classic · blitz". */
export const keyLabel = (key: string) => key.split('.').join(' · ');

/** What a game's card offers: a finished game is analyzed, the player's own resumed, others watched. */
export function gameAction(g: GameInfo, viewerId: string): 'Analyze' | 'Resume' | 'Watch' {
  if (g.playState === PlayState.GAME_OVER || g.gameEndReason !== 0) return 'Analyze';
  return g.players.some((p) => p.userId === viewerId) ? 'Resume' : 'Watch';
}
