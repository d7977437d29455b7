import {
  encodeSocketMessage,
  MessageType,
  refuse,
  type Refusal,
  ServerMessageSchema,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Accounts } from '../auth/index.ts';
import type { ChatApi } from '../chat/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { RatingApi } from '../rating/index.ts';
import type { Roles } from '../roles/index.ts';
import type { Scheduler } from '../scheduler/index.ts';
import type { StatsApi } from '../stats/index.ts';
import {
  type EmailType,
  LASTING_TYPES,
  type ModActionRecord,
  ModActionStore,
  type ModActionType,
} from './actions.ts';
import { accountRefusal, endText, gamesRefusal, muteRefusal } from './refusals.ts';

/** The form's limits (docs/product/community.md §5 Moderation form). */
export const MAX_DURATION_HOURS = 4320;
export const MAX_NOTE_LENGTH = 200;
export const EXPIRE_JOB = 'moderation.expire';

export interface ModerationDeps {
  db: Db;
  gateway: Gateway;
  log: Logger;
  scheduler: Scheduler;
  mailer: Mailer;
  accounts: Accounts;
  roles: Roles;
  ratings: RatingApi;
  stats: StatsApi;
  /** The chat module (made after this one: it asks us about mutes). */
  chat: () => ChatApi;
  /** Erases the user's profile (name, bio, avatar) on deletion. */
  eraseProfile: (userId: string) => Promise<void>;
}

/** An action as asked for (ApplyActions / RemoveActions, already checked for shape). */
export interface ActionRequest {
  userId: string;
  type: ModActionType;
  durationSeconds: number;
  note: string;
  emailType: EmailType;
  channel: string;
  messageId: string;
}

const WHAT: Record<ModActionType, string> = {
  MUTE: 'muted in chat',
  SUSPEND_ACCOUNT: 'suspended from the site',
  SUSPEND_RATED_GAMES: 'suspended from rated games',
  SUSPEND_GAMES: 'suspended from playing games',
  RESET_RATINGS: 'given a reset of your ratings',
  RESET_STATS: 'given a reset of your statistics',
  RESET_STATS_AND_RATINGS: 'given a reset of your statistics and ratings',
  REMOVE_CHAT: 'a chat message removed',
  DELETE_ACCOUNT: 'your account deleted',
};

/**
 * Moderator actions: applying one records it (with its author), does what
 * it does at once (a reset, a removal, a deletion, closing a suspended
 * user's sockets), tells the user by socket and e-mail, and schedules its
 * expiry. The checks (`muteRefusal`, `accountRefusal`, `gamesRefusal`) are
 * what the chat, sign-in and game creation ask.
 */
export class Moderation {
  readonly store: ModActionStore;

  constructor(private readonly d: ModerationDeps) {
    this.store = new ModActionStore(d.db);
    d.scheduler.handle<{ id: string }>(EXPIRE_JOB, async (job) => {
      const a = await this.store.markExpired(job.key);
      if (!a) return;
      d.log.info({ action: a.id, user: a.userId, type: a.type }, 'mod action expired');
      this.tell(a.userId, `You are no longer ${WHAT[a.type]}.`);
    });
  }

  async muteRefusal(userId: string): Promise<Refusal | undefined> {
    return muteRefusal(await this.store.active(userId, 'MUTE'));
  }

  async accountRefusal(userId: string): Promise<Refusal | undefined> {
    return accountRefusal(await this.store.active(userId, 'SUSPEND_ACCOUNT'));
  }

  /** Why the user may not start a new game (rated or not) now, or undefined. */
  async gamesRefusal(userId: string, rated: boolean): Promise<Refusal | undefined> {
    const actions = await this.store.activeMap(userId);
    return gamesRefusal(
      actions.get('SUSPEND_GAMES'),
      rated ? actions.get('SUSPEND_RATED_GAMES') : undefined,
    );
  }

  /**
   * Refuses an action the caller may not take on this user: on oneself, or
   * on an administrator without being one.
   */
  async checkTarget(callerId: string, userId: string): Promise<void> {
    if (callerId === userId) throw refuse('MOD_SELF');
    const theirs = await this.d.roles.permsOf(userId);
    if (theirs.includes('adm') && !(await this.d.roles.permsOf(callerId)).includes('adm')) {
      throw refuse('MOD_TARGET_ADMIN');
    }
  }

  /** Applies one checked action by `applierId`; returns the record. */
  async apply(a: ActionRequest, applierId: string): Promise<ModActionRecord> {
    const { d } = this;
    const account = (await d.accounts.details([a.userId])).get(a.userId);
    if (!account) throw refuse('MOD_USER_UNKNOWN');
    await this.checkTarget(applierId, a.userId);
    const lasting = LASTING_TYPES.includes(a.type);
    let chatText = '';
    if (a.type === 'REMOVE_CHAT') {
      if (!a.channel || !a.messageId) throw refuse('MOD_CHAT_MESSAGE_REQUIRED');
      const line = await d.chat().line(a.channel, a.messageId);
      if (!line || line.sender_id !== a.userId) throw refuse('MOD_CHAT_MESSAGE_UNKNOWN');
      chatText = line.message;
    }
    const record = await this.store.insert({
      userId: a.userId,
      type: a.type,
      durationSeconds: lasting ? a.durationSeconds : 0,
      endTime:
        lasting && a.durationSeconds > 0 ? new Date(Date.now() + a.durationSeconds * 1000) : null,
      applierUserId: applierId,
      channel: a.type === 'REMOVE_CHAT' ? a.channel : '',
      messageId: a.type === 'REMOVE_CHAT' ? a.messageId : '',
      chatText,
      note: a.note,
      emailType: a.emailType,
    });
    d.log.info(
      { action: record.id, user: a.userId, type: a.type, by: applierId, end: record.endTime },
      'mod action applied',
    );
    if (record.endTime) {
      await d.scheduler.schedule({ kind: EXPIRE_JOB, key: record.id, runAt: record.endTime });
    }
    // The e-mail goes first: a deletion erases the address.
    if (a.type !== 'REMOVE_CHAT') await this.mail(account.email, account.username, record);
    await this.takeEffect(record);
    return record;
  }

  /**
   * The automatic notoriety suspension (decision 0132): rated games for
   * `days`, by nobody in particular; a longer suspension in force is kept.
   */
  async suspendRatedAutomatically(userId: string, days: number, note: string): Promise<void> {
    const end = new Date(Date.now() + days * 86_400_000);
    const current = await this.store.active(userId, 'SUSPEND_RATED_GAMES');
    if (current && (!current.endTime || current.endTime >= end)) return;
    const record = await this.store.insert({
      userId,
      type: 'SUSPEND_RATED_GAMES',
      durationSeconds: days * 86_400,
      endTime: end,
      applierUserId: '',
      channel: '',
      messageId: '',
      chatText: '',
      note: note.slice(0, MAX_NOTE_LENGTH),
      emailType: 'DEFAULT',
    });
    await this.d.scheduler.schedule({ kind: EXPIRE_JOB, key: record.id, runAt: end });
    const account = (await this.d.accounts.details([userId])).get(userId);
    if (account) await this.mail(account.email, account.username, record);
    await this.takeEffect(record);
  }

  /** What an action does at once, beyond being recorded. */
  private async takeEffect(r: ModActionRecord): Promise<void> {
    const { d } = this;
    const until = r.endTime ? ` until ${endText(r.endTime)}` : '';
    switch (r.type) {
      case 'MUTE':
      case 'SUSPEND_RATED_GAMES':
      case 'SUSPEND_GAMES':
        this.tell(r.userId, `A moderator: you have been ${WHAT[r.type]}${until}.`);
        return;
      case 'SUSPEND_ACCOUNT':
        // Sessions end and every socket closes, on every process (through the bus).
        await d.accounts.revokeCredentials(r.userId);
        return;
      case 'RESET_RATINGS':
        await d.ratings.reset(r.userId);
        return;
      case 'RESET_STATS':
        await d.stats.reset(r.userId);
        return;
      case 'RESET_STATS_AND_RATINGS':
        await d.ratings.reset(r.userId);
        await d.stats.reset(r.userId);
        return;
      case 'REMOVE_CHAT':
        await d.chat().remove(r.channel, r.messageId);
        return;
      case 'DELETE_ACCOUNT':
        await d.eraseProfile(r.userId);
        await d.accounts.erase(r.userId);
        return;
    }
  }

  /** Lifts an action early; returns the lifted record. */
  async remove(userId: string, type: ModActionType, removerId: string): Promise<ModActionRecord> {
    if (!LASTING_TYPES.includes(type)) throw refuse('MOD_ACTION_NOT_REMOVABLE', type);
    await this.checkTarget(removerId, userId);
    const r = await this.store.remove(userId, type, removerId);
    if (!r) throw refuse('MOD_ACTION_NOT_ACTIVE', type);
    await this.d.scheduler.cancel(EXPIRE_JOB, r.id);
    this.d.log.info({ action: r.id, user: userId, type, by: removerId }, 'mod action removed');
    this.tell(userId, `A moderator has lifted it: you are no longer ${WHAT[type]}.`);
    return r;
  }

  /** A line in the user's chat and a 3-second notice, on every socket of theirs. */
  private tell(userId: string, text: string): void {
    this.d.gateway.toUser(
      userId,
      encodeSocketMessage(MessageType.SERVER_MESSAGE, ServerMessageSchema, { message: text }),
    );
  }

  private async mail(to: string, username: string, r: ModActionRecord): Promise<void> {
    if (!to) return;
    const until = r.endTime ? `until ${endText(r.endTime)} (UTC)` : 'until a moderator lifts it';
    const lasting = LASTING_TYPES.includes(r.type);
    const lines = [
      `Hello ${username},`,
      '',
      r.emailType === 'CHEATING'
        ? 'Our moderators found that you used outside help or otherwise cheated in your games.'
        : r.emailType === 'DELETION'
          ? 'Your account has been deleted by a moderator.'
          : 'A moderator has taken an action on your account.',
      `You have been ${WHAT[r.type]}${lasting ? `, ${until}` : ''}.`,
      ...(r.note ? ['', `Note: ${r.note}`] : []),
      '',
      'If you think this is a mistake, reply to this message.',
    ];
    await this.d.mailer.send(to, 'Tessera: a moderator action on your account', lines.join('\n'));
  }
}
