import { useQuery } from '@tanstack/react-query';
import type { BriefProfile } from '@tessera/protocol';
import { useServices } from '../app/services.tsx';

/** How long a brief profile is kept before it is asked again (community.md §9: 5 minutes). */
export const BRIEF_PROFILE_STALE_MS = 5 * 60_000;
/** Ids one GetBriefProfiles call carries (the server reads at most 200). */
const BATCH_MAX = 200;
/** How long ids wait for others before the call goes out: one call for a list that renders at once. */
const BATCH_WAIT_MS = 10;

export const briefProfileKey = (userId: string) => ['brief-profile', userId] as const;

type Fetch = (ids: string[]) => Promise<Record<string, BriefProfile>>;

/** Gathers the ids asked within a few milliseconds into one call. */
class BriefBatcher {
  private waiting = new Map<string, ((p: BriefProfile | null) => void)[]>();
  private failing = new Map<string, ((e: unknown) => void)[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly fetch: Fetch) {}

  get(id: string): Promise<BriefProfile | null> {
    return new Promise((resolve, reject) => {
      this.waiting.set(id, [...(this.waiting.get(id) ?? []), resolve]);
      this.failing.set(id, [...(this.failing.get(id) ?? []), reject]);
      this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
    });
  }

  private flush() {
    this.timer = undefined;
    const waiting = this.waiting;
    const failing = this.failing;
    this.waiting = new Map();
    this.failing = new Map();
    const ids = [...waiting.keys()];
    for (let i = 0; i < ids.length; i += BATCH_MAX) {
      const part = ids.slice(i, i + BATCH_MAX);
      this.fetch(part).then(
        (found) => {
          for (const id of part) for (const r of waiting.get(id) ?? []) r(found[id] ?? null);
        },
        (err: unknown) => {
          for (const id of part) for (const r of failing.get(id) ?? []) r(err);
        },
      );
    }
  }
}

const batchers = new WeakMap<object, BriefBatcher>();

/**
 * A user's brief profile (name, country, avatar) for chat lines, player
 * cards and lists: asked in batches with the others on screen, kept for five
 * minutes. null for an unknown user; undefined while loading.
 */
export function useBriefProfile(userId: string | undefined): BriefProfile | null | undefined {
  const { api } = useServices();
  let batcher = batchers.get(api.profile);
  if (!batcher) {
    batcher = new BriefBatcher(async (ids) => {
      const answer = await api.profile.getBriefProfiles({ userIds: ids });
      return answer.response;
    });
    batchers.set(api.profile, batcher);
  }
  const b = batcher;
  return useQuery({
    queryKey: briefProfileKey(userId ?? ''),
    queryFn: () => b.get(userId!),
    enabled: !!userId,
    staleTime: BRIEF_PROFILE_STALE_MS,
    gcTime: 2 * BRIEF_PROFILE_STALE_MS,
    retry: false,
  }).data;
}
