import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../app/services.tsx';

/** How long the staff list and the badge holders are kept before being asked again. */
export const NAME_TAGS_STALE_MS = 5 * 60_000;

export const MOD_LIST_KEY = ['authorization', 'getModList'] as const;
export const BADGE_HOLDERS_KEY = ['authorization', 'getBadgeHolders'] as const;
export const BADGES_METADATA_KEY = ['authorization', 'getBadgesMetadata'] as const;

export interface NameTagData {
  admins: ReadonlySet<string>;
  mods: ReadonlySet<string>;
  /** Badge codes by user id and by lower-case username (some lists only know names). */
  badgesById: ReadonlyMap<string, readonly string[]>;
  badgesByName: ReadonlyMap<string, readonly string[]>;
  /** Badge code to description, for the icons' tooltips. */
  descriptions: Readonly<Record<string, string>>;
}

/**
 * The administrators and moderators (AuthorizationService.GetModList) and the
 * badge holders, fetched once per page and kept NAME_TAGS_STALE_MS
 * (docs/product/community.md §6: "fetched once and kept"); the admin console
 * invalidates them when it changes a role or a badge.
 */
export function useNameTagData(): NameTagData {
  const { api } = useServices();
  const opts = { staleTime: NAME_TAGS_STALE_MS, retry: false } as const;
  const mods = useQuery({
    queryKey: MOD_LIST_KEY,
    queryFn: () => api.authorization.getModList({}),
    ...opts,
  }).data;
  const holders = useQuery({
    queryKey: BADGE_HOLDERS_KEY,
    queryFn: () => api.authorization.getBadgeHolders({}),
    ...opts,
  }).data;
  const meta = useQuery({
    queryKey: BADGES_METADATA_KEY,
    queryFn: () => api.authorization.getBadgesMetadata({}),
    staleTime: Infinity,
    retry: false,
  }).data;
  return useMemo(() => {
    const list = holders?.holders ?? [];
    return {
      admins: new Set(mods?.adminUserIds ?? []),
      mods: new Set(mods?.modUserIds ?? []),
      badgesById: new Map(list.map((h) => [h.userId, h.codes])),
      badgesByName: new Map(list.map((h) => [h.username.toLowerCase(), h.codes])),
      descriptions: meta?.badges ?? {},
    };
  }, [mods, holders, meta]);
}
