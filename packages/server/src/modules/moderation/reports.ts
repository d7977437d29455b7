import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  refuse,
  type ReportUserRequest,
  type UserReport,
  UserReportSchema,
} from '@tessera/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Accounts } from '../auth/index.ts';
import type { ChatApi } from '../chat/index.ts';
import type { ModTables } from './migrations.ts';

export const MAX_REASON_LENGTH = 500;
export const MAX_OUTCOME_LENGTH = 200;
/** Open reports one player may have at once (so the queue cannot be flooded). */
export const MAX_OPEN_REPORTS = 10;
/** Lines shown either side of a reported chat line. */
const CONTEXT_LINES = 5;

/**
 * Players' reports (issue 39 item 6): a player reports another, or one of
 * their chat lines; moderators see the open ones with the lines around
 * the reported one, and close each with what they did.
 */
export class Reports {
  private readonly db: Kysely<ModTables>;

  constructor(
    db: Db,
    private readonly accounts: Accounts,
    private readonly chat: () => ChatApi,
  ) {
    this.db = db.withTables<ModTables>();
  }

  async file(reporterId: string, r: ReportUserRequest): Promise<void> {
    if (r.userId === reporterId) throw refuse('MOD_REPORT_SELF');
    if (!r.userId || !(await this.accounts.usernames([r.userId.slice(0, 64)])).has(r.userId)) {
      throw refuse('MOD_USER_UNKNOWN');
    }
    const reason = r.reason.trim();
    if ([...reason].length > MAX_REASON_LENGTH)
      throw refuse('MOD_REPORT_REASON_TOO_LONG', MAX_REASON_LENGTH);
    let chatText = '';
    if (r.channel || r.messageId) {
      const line = await this.chat().line(r.channel.slice(0, 200), r.messageId.slice(0, 64));
      if (!line || line.sender_id !== r.userId) throw refuse('MOD_CHAT_MESSAGE_UNKNOWN');
      chatText = line.message;
    }
    const open = await this.db
      .selectFrom('mod_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reporter_id', '=', reporterId)
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_REPORTS) throw refuse('MOD_REPORT_TOO_MANY', MAX_OPEN_REPORTS);
    await this.db
      .insertInto('mod_reports')
      .values({
        reporter_id: reporterId,
        user_id: r.userId,
        channel: chatText ? r.channel : '',
        message_id: chatText ? r.messageId : '',
        chat_text: chatText,
        reason,
        game_id: r.gameId.slice(0, 64),
      })
      .execute();
  }

  /** Open reports, oldest first, with the chat around each reported line. */
  async open(): Promise<UserReport[]> {
    const rows = await this.db
      .selectFrom('mod_reports')
      .selectAll()
      .where('closed_at', 'is', null)
      .orderBy('id', 'asc')
      .limit(200)
      .execute();
    const names = await this.accounts.usernames([
      ...new Set(rows.flatMap((r) => [r.reporter_id, r.user_id])),
    ]);
    const out: UserReport[] = [];
    for (const r of rows) {
      const context = r.message_id
        ? await this.chat().around(r.channel, r.message_id, CONTEXT_LINES)
        : [];
      out.push(
        create(UserReportSchema, {
          id: String(r.id),
          reporterId: r.reporter_id,
          reporter: names.get(r.reporter_id) ?? '',
          userId: r.user_id,
          username: names.get(r.user_id) ?? '',
          channel: r.channel,
          messageId: r.message_id,
          chatText: r.chat_text,
          reason: r.reason,
          gameId: r.game_id,
          createdAt: timestampFromDate(new Date(r.created_at!)),
          context: context.map((l) => ({
            id: l.id,
            senderId: l.sender_id,
            sender: l.sender,
            message: l.message,
            createdAt: timestampFromDate(new Date(l.created_at!)),
          })),
        }),
      );
    }
    return out;
  }

  async close(id: string, closerId: string, outcome: string): Promise<void> {
    const text = outcome.trim();
    if (!text || [...text].length > MAX_OUTCOME_LENGTH)
      throw refuse('MOD_REPORT_OUTCOME_REQUIRED', MAX_OUTCOME_LENGTH);
    if (!/^\d{1,18}$/.test(id)) throw refuse('MOD_REPORT_UNKNOWN');
    const done = await this.db
      .updateTable('mod_reports')
      .set({ closed_at: new Date(), closer_id: closerId, outcome: text })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw refuse('MOD_REPORT_UNKNOWN');
  }
}
