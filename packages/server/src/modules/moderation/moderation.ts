import { sql } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Moderator actions on users (docs/product/community.md §3 ModAction). This holds
 * the record and answers "is this user muted/suspended now?"; the
 * moderation RPCs and the moderator screens build on it.
 */
export const moderationMigrations: Migration[] = [
  {
    name: '0001_mod_actions',
    async up(db) {
      await sql`CREATE TABLE mod_actions (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        type text NOT NULL,
        duration_seconds integer NOT NULL DEFAULT 0,
        start_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz,
        removed_time timestamptz,
        applier_user_id text NOT NULL DEFAULT '',
        remover_user_id text NOT NULL DEFAULT '',
        channel text NOT NULL DEFAULT '',
        message_id text NOT NULL DEFAULT '',
        chat_text text NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        email_type text NOT NULL DEFAULT 'DEFAULT'
      )`.execute(db);
      await sql`CREATE INDEX mod_actions_user ON mod_actions(user_id, type)`.execute(db);
    },
  },
];

export type ModActionType =
  | 'MUTE'
  | 'SUSPEND_ACCOUNT'
  | 'SUSPEND_RATED_GAMES'
  | 'SUSPEND_GAMES'
  | 'RESET_RATINGS'
  | 'RESET_STATS'
  | 'RESET_STATS_AND_RATINGS'
  | 'REMOVE_CHAT'
  | 'DELETE_ACCOUNT';

type ModTables = {
  mod_actions: {
    id?: number;
    user_id: string;
    type: string;
    duration_seconds: number;
    start_time?: Date;
    end_time: Date | null;
    removed_time?: Date | null;
    applier_user_id: string;
    note: string;
  };
};

/** The moderation module's face (moderator tools come with their own issue). */
export interface Moderation {
  /** Is the user muted in chat right now? */
  isMuted(userId: string): Promise<boolean>;
  /** Is an action of this type in force on the user: not removed, and indefinite or not over? */
  isActive(userId: string, type: ModActionType): Promise<boolean>;
  /** Applies an action for `durationSeconds` (0: indefinitely). */
  apply(
    userId: string,
    type: ModActionType,
    durationSeconds: number,
    applier: string,
    note?: string,
  ): Promise<void>;
}

export function createModeration(db: Db): Moderation {
  const q = db.withTables<ModTables>();
  /** Is an action of this type in force: not removed, and indefinite or not yet over? */
  const active = async (userId: string, type: ModActionType) => {
    const row = await q
      .selectFrom('mod_actions')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('removed_time', 'is', null)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', new Date())]))
      .executeTakeFirst();
    return !!row;
  };
  return {
    isMuted: (userId: string) => active(userId, 'MUTE'),
    isActive: active,
    /** Duration 0 means indefinite. */
    async apply(
      userId: string,
      type: ModActionType,
      durationSeconds: number,
      applier: string,
      note = '',
    ) {
      await q
        .insertInto('mod_actions')
        .values({
          user_id: userId,
          type,
          duration_seconds: durationSeconds,
          end_time: durationSeconds > 0 ? new Date(Date.now() + durationSeconds * 1000) : null,
          applier_user_id: applier,
          note,
        })
        .execute();
    },
  };
}
