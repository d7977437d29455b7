import type { ConnectRouter } from '@connectrpc/connect';
import { ConfigService } from '@tessera/protocol';
import type { Access } from '../roles/index.ts';
import { announcementProblem, type Announcements } from './announcements.ts';

/**
 * ConfigService: the lobby's announcements (anyone may read them; changing
 * them needs can_manage_announcements) and the live correspondence game
 * count that administrators see in the lobby.
 */
export function configRoutes(
  router: ConnectRouter,
  d: {
    announcements: Announcements;
    access: Access;
    correspondenceGameCount: () => Promise<number>;
  },
): void {
  const { requirePermission } = d.access;

  router.service(ConfigService, {
    async getAnnouncements() {
      return { announcements: await d.announcements.list() };
    },
    async setAnnouncements(req, ctx) {
      await requirePermission(ctx, 'can_manage_announcements');
      const problem = announcementProblem(req.announcements);
      if (problem) throw problem;
      await d.announcements.replace(req.announcements);
      return {};
    },
    async getCorrespondenceGameCount(_req, ctx) {
      await requirePermission(ctx, 'adm');
      return { count: await d.correspondenceGameCount() };
    },
  });
}
