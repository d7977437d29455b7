import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from '../../rpc/clients.ts';

/*
 * The moderation queries: one key per resource and user, so applying or
 * removing an action invalidates exactly that user's.
 */

export const activeActionsQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['moderation', 'getActions', userId],
    queryFn: () => api.moderation.getActions({ userId }),
  });

export const actionHistoryQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['moderation', 'getActionHistory', userId],
    queryFn: () => api.moderation.getActionHistory({ userId }),
  });

export const notorietyQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['moderation', 'getNotoriety', userId],
    queryFn: () => api.moderation.getNotoriety({ userId }),
  });

/** What the signed-in user is under now (their own suspensions and mute). */
export const ownActionsQuery = (api: ApiClients, userId: string) =>
  queryOptions({
    queryKey: ['moderation', 'getOwnActions', userId],
    queryFn: () => api.moderation.getOwnActions({}),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const reportsQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['moderation', 'getReports'],
    queryFn: () => api.moderation.getReports({}),
  });
