import { refuse, type Refusal } from '@tessera/protocol';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/** The lobby's announcements (docs/product/gameplay.md §2 "Lobby", right column). */
export const configMigrations: Migration[] = [
  {
    name: '0001_announcements',
    async up(db) {
      await sql`CREATE TABLE announcements (
        position integer PRIMARY KEY,
        title text NOT NULL,
        link text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    },
  },
];

type ConfigTables = {
  announcements: { position: number; title: string; link: string; body: string };
};

export interface Announcement {
  title: string;
  link: string;
  body: string;
}

export const MAX_ANNOUNCEMENTS = 10;
export const MAX_TITLE_LENGTH = 100;
export const MAX_BODY_LENGTH = 1000;
export const MAX_LINK_LENGTH = 300;

/**
 * The first refusal a list of announcements earns, or null when it may be
 * stored. Title, link and body are all required (docs/product/community.md
 * §2.6); the texts are the catalogue's, which the console shows too.
 */
export function announcementProblem(list: readonly Announcement[]): Refusal | null {
  if (list.length > MAX_ANNOUNCEMENTS) return refuse('ANNOUNCEMENT_TOO_MANY', MAX_ANNOUNCEMENTS);
  for (const [i, a] of list.entries()) {
    const n = i + 1;
    if (!a.title.trim()) return refuse('ANNOUNCEMENT_MISSING_TITLE');
    if (!a.link.trim()) return refuse('ANNOUNCEMENT_MISSING_LINK');
    if (!a.body.trim()) return refuse('ANNOUNCEMENT_MISSING_BODY');
    if (a.title.length > MAX_TITLE_LENGTH)
      return refuse('ANNOUNCEMENT_TOO_LONG', n, 'title', MAX_TITLE_LENGTH);
    if (a.body.length > MAX_BODY_LENGTH)
      return refuse('ANNOUNCEMENT_TOO_LONG', n, 'text', MAX_BODY_LENGTH);
    if (a.link.length > MAX_LINK_LENGTH)
      return refuse('ANNOUNCEMENT_TOO_LONG', n, 'link', MAX_LINK_LENGTH);
    // A path must not start with a second slash or a backslash (browsers read
    // "/\host" as "//host", another site); no backslash anywhere.
    if (!/^(https?:\/\/[^\s\\]+|\/[^\s/\\][^\s\\]*|\/)$/.test(a.link.trim()))
      return refuse('ANNOUNCEMENT_LINK_INVALID', n);
  }
  return null;
}

/** Kept in the database so every process and the CLI see the same list. */
export class Announcements {
  private readonly db: Kysely<ConfigTables>;

  constructor(db: Db) {
    this.db = db.withTables<ConfigTables>();
  }

  async list(): Promise<Announcement[]> {
    return this.db
      .selectFrom('announcements')
      .select(['title', 'link', 'body'])
      .orderBy('position')
      .execute();
  }

  /** Replaces the list; callers check it with announcementProblem first. */
  async replace(list: readonly Announcement[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('announcements').execute();
      if (list.length === 0) return;
      await trx
        .insertInto('announcements')
        .values(
          list.map((a, position) => ({
            position,
            title: a.title.trim(),
            link: a.link.trim(),
            body: a.body.trim(),
          })),
        )
        .execute();
    });
  }
}
