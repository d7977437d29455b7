import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import type { Access } from '../roles/index.ts';
import { Announcements } from './announcements.ts';
import { configRoutes } from './service.ts';

export {
  Announcements,
  announcementProblem,
  configMigrations,
  type Announcement,
} from './announcements.ts';

/** ConfigService: the lobby's announcements and the admins' correspondence game count. */
export function createConfigModule(deps: {
  db: Db;
  access: Access;
  correspondenceGameCount: () => Promise<number>;
}): ModuleParts<{ announcements: Announcements }> {
  const announcements = new Announcements(deps.db);
  return {
    module: {
      name: 'config',
      routes: (router) => configRoutes(router, { ...deps, announcements }),
    },
    api: { announcements },
  };
}
