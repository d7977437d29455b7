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

/** What is wrong with a list of announcements, or null when it may be stored. */
export function announcementProblem(list: readonly Announcement[]): string | null {
  if (list.length > MAX_ANNOUNCEMENTS) return `at most ${MAX_ANNOUNCEMENTS} announcements`;
  for (const [i, a] of list.entries()) {
    const n = i + 1;
    if (!a.title.trim()) return `announcement ${n} needs a title`;
    if (a.title.length > MAX_TITLE_LENGTH)
      return `announcement ${n}: title longer than ${MAX_TITLE_LENGTH} characters`;
    if (a.body.length > MAX_BODY_LENGTH)
      return `announcement ${n}: text longer than ${MAX_BODY_LENGTH} characters`;
    if (a.link.length > MAX_LINK_LENGTH)
      return `announcement ${n}: link longer than ${MAX_LINK_LENGTH} characters`;
    // A path must not start with a second slash or a backslash (browsers read
    // "/\host" as "//host", another site); no backslash anywhere.
    if (a.link && !/^(https?:\/\/[^\s\\]+|\/[^\s/\\][^\s\\]*|\/)$/.test(a.link))
      return `announcement ${n}: the link must be an http(s) address or a path on this site`;
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
