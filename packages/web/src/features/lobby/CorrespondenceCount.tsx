import { useEffect, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';

/** How often the admins' count is asked for again. */
export const CORRESPONDENCE_COUNT_REFRESH_MS = 30_000;

/**
 * Administrators see how many correspondence games are in progress on the
 * whole site (spec/gameplay.md §6; ConfigService.GetCorrespondenceGameCount).
 */
export function CorrespondenceCount() {
  const { api } = useServices();
  const session = useSession();
  const admin = session.perms.some((p) => p.includes('adm'));
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    const ask = () =>
      api.config.getCorrespondenceGameCount({}).then(
        (r) => live && setCount(r.count),
        () => undefined,
      );
    void ask();
    const t = setInterval(ask, CORRESPONDENCE_COUNT_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [api, admin]);
  if (!admin || count === null) return null;
  return (
    <p className="muted correspondence-count" role="status">
      Correspondence games in progress: {count}
    </p>
  );
}
