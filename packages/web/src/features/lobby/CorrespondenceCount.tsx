import { useQuery } from '@tanstack/react-query';
import { useServices, useSession } from '../../app/services.tsx';
import { correspondenceGameCountQuery } from '../../rpc/queries.ts';

/** How often the admins' count is asked for again. */
export const CORRESPONDENCE_COUNT_REFRESH_MS = 30_000;

/**
 * Administrators see how many correspondence games are in progress on the
 * whole site (docs/product/gameplay.md §6; ConfigService.GetCorrespondenceGameCount).
 */
export function CorrespondenceCount() {
  const { api } = useServices();
  const session = useSession();
  const admin = session.perms.some((p) => p.includes('adm'));
  // A failed refresh keeps the last count shown.
  const { data } = useQuery({
    ...correspondenceGameCountQuery(api),
    enabled: admin,
    staleTime: CORRESPONDENCE_COUNT_REFRESH_MS,
    refetchInterval: CORRESPONDENCE_COUNT_REFRESH_MS,
  });
  if (!admin || !data) return null;
  return (
    <p className="muted correspondence-count" role="status">
      Correspondence games in progress: {data.count}
    </p>
  );
}
