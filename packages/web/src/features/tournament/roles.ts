import type { Session } from '../../session/session-store.ts';
import type { Directors } from './model.ts';

/**
 * What the viewer may do on a tournament page (docs/product/tournaments.md
 * §6). The server checks every call again; this only decides what is shown.
 */
export interface Viewer {
  loggedIn: boolean;
  userId: string;
  /** A director of this event (full or read-only). */
  director: boolean;
  /** May change things: a full director, an admin or a Tournament Manager. */
  canDirect: boolean;
  /** Sees the Director Tools tab: any director, admins and Tournament Managers. */
  seesTools: boolean;
}

export const MANAGE_PERMISSION = 'can_manage_tournaments';

export function viewerOf(session: Session, directors: Directors): Viewer {
  const me = directors.list.find((d) => d.userId === session.userId);
  const manager = session.perms.includes(MANAGE_PERMISSION) || session.perms.includes('adm');
  return {
    loggedIn: session.loggedIn,
    userId: session.userId,
    director: !!me,
    canDirect: (!!me && !me.readOnly) || manager,
    seesTools: !!me || manager,
  };
}
