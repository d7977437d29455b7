import type { Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { ModTables } from './migrations.ts';

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

/** Actions that last (until their end, a removal, or for ever); the rest are done once. */
export const LASTING_TYPES: readonly ModActionType[] = [
  'MUTE',
  'SUSPEND_ACCOUNT',
  'SUSPEND_RATED_GAMES',
  'SUSPEND_GAMES',
];

export type EmailType = 'DEFAULT' | 'CHEATING' | 'DELETION';

/** One stored action, as the service and the checks read it. */
export interface ModActionRecord {
  id: string;
  userId: string;
  type: ModActionType;
  durationSeconds: number;
  startTime: Date;
  /** Null: indefinite (or, for a one-off action, done at its start). */
  endTime: Date | null;
  removedTime: Date | null;
  expiredTime: Date | null;
  applierUserId: string;
  removerUserId: string;
  channel: string;
  messageId: string;
  chatText: string;
  note: string;
  emailType: EmailType;
}

type Row = ModTables['mod_actions'];

const toRecord = (r: Row): ModActionRecord => ({
  id: String(r.id),
  userId: r.user_id,
  type: r.type as ModActionType,
  durationSeconds: r.duration_seconds,
  startTime: new Date(r.start_time!),
  endTime: r.end_time ? new Date(r.end_time) : null,
  removedTime: r.removed_time ? new Date(r.removed_time) : null,
  expiredTime: r.expired_time ? new Date(r.expired_time) : null,
  applierUserId: r.applier_user_id,
  removerUserId: r.remover_user_id ?? '',
  channel: r.channel ?? '',
  messageId: r.message_id ?? '',
  chatText: r.chat_text ?? '',
  note: r.note,
  emailType: (r.email_type ?? 'DEFAULT') as EmailType,
});

/** The mod_actions table: what is in force, what was done, by whom. */
export class ModActionStore {
  private readonly db: Kysely<ModTables>;

  constructor(db: Db) {
    this.db = db.withTables<ModTables>();
  }

  /** The action of this type in force on the user now (the latest if several), or undefined. */
  async active(userId: string, type: ModActionType, now = new Date()) {
    const row = await this.db
      .selectFrom('mod_actions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('removed_time', 'is', null)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Every lasting action in force on the user, by type. */
  async activeMap(userId: string, now = new Date()): Promise<Map<ModActionType, ModActionRecord>> {
    const rows = await this.db
      .selectFrom('mod_actions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', 'in', [...LASTING_TYPES])
      .where('removed_time', 'is', null)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
      .orderBy('id', 'asc')
      .execute();
    return new Map(rows.map((r) => [r.type as ModActionType, toRecord(r)]));
  }

  /** Everything ever applied to the user, newest first. */
  async history(userId: string, limit = 500): Promise<ModActionRecord[]> {
    const rows = await this.db
      .selectFrom('mod_actions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async byId(id: string): Promise<ModActionRecord | undefined> {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    const row = await this.db
      .selectFrom('mod_actions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /**
   * Records an action. A lasting one replaces the one of its type in force
   * (that one is marked removed by the same author), so one is active per type.
   */
  async insert(
    a: Omit<ModActionRecord, 'id' | 'startTime' | 'removedTime' | 'expiredTime' | 'removerUserId'>,
    db: Kysely<ModTables> = this.db,
  ): Promise<ModActionRecord> {
    const now = new Date();
    if (LASTING_TYPES.includes(a.type)) {
      await db
        .updateTable('mod_actions')
        .set({ removed_time: now, remover_user_id: a.applierUserId })
        .where('user_id', '=', a.userId)
        .where('type', '=', a.type)
        .where('removed_time', 'is', null)
        .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
        .execute();
    }
    const row = await db
      .insertInto('mod_actions')
      .values({
        user_id: a.userId,
        type: a.type,
        duration_seconds: a.durationSeconds,
        start_time: now,
        end_time: a.endTime,
        applier_user_id: a.applierUserId,
        channel: a.channel,
        message_id: a.messageId,
        chat_text: a.chatText,
        note: a.note,
        email_type: a.emailType,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** Lifts the action of this type in force on the user early; returns it, or undefined. */
  async remove(
    userId: string,
    type: ModActionType,
    removerUserId: string,
  ): Promise<ModActionRecord | undefined> {
    const now = new Date();
    const rows = await this.db
      .updateTable('mod_actions')
      .set({ removed_time: now, remover_user_id: removerUserId })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('removed_time', 'is', null)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
      .returningAll()
      .execute();
    return rows.length ? toRecord(rows[rows.length - 1]) : undefined;
  }

  /** Marks a timed action as run out (the scheduler's job); false when it was removed or already marked. */
  async markExpired(id: string): Promise<ModActionRecord | undefined> {
    const row = await this.db
      .updateTable('mod_actions')
      .set({ expired_time: new Date() })
      .where('id', '=', id)
      .where('removed_time', 'is', null)
      .where('expired_time', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }
}
