import type { AnnotatedGames } from '../collections/index.ts';
import type { Gateway } from '../../socket/gateway.ts';

const ANNO_PATH = /^\/(?:anno|editor)\/([A-Za-z0-9_-]{1,64})$/;

/** The realm of an annotated game's view and editor (/anno/{id}, /editor/{id}): its comments' changes go there. */
export const annotatedRealm = (gameId: string) => `anno.${gameId}`;

/**
 * A socket on /anno/{id} or /editor/{id} joins the game's realm when it may read the game
 * (public, or its creator's), so the comments drawer there is live as the
 * game page's is (docs/product/community.md §2.8, §2.10).
 */
export function joinAnnotatedRealms(gateway: Pick<Gateway, 'onJoin'>, annotated: AnnotatedGames) {
  gateway.onJoin(async (conn, path) => {
    const m = ANNO_PATH.exec(path);
    if (!m) return;
    const s = await annotated.summary(m[1]);
    if (s && (s.public || s.creatorId === conn.user.userId)) conn.enter(annotatedRealm(m[1]));
  });
}
