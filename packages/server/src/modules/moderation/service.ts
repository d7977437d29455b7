import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import {
  EmailType as EmailTypeEnum,
  type ModAction,
  ModActionSchema,
  ModActionType as ModActionTypeEnum,
  ModService,
  NotoriousGameType,
  refuse,
} from '@tessera/protocol';
import type { Accounts } from '../auth/index.ts';
import type { Access } from '../roles/index.ts';
import type { EmailType, ModActionRecord, ModActionType } from './actions.ts';
import {
  type ActionRequest,
  MAX_DURATION_HOURS,
  MAX_NOTE_LENGTH,
  type Moderation,
} from './moderation.ts';
import type { Notoriety } from './notoriety.ts';
import type { Reports } from './reports.ts';

/** At most this many actions in one call. */
const MAX_ACTIONS_PER_CALL = 20;

/** The checked form of one action of a request (§5 Moderation form). */
export function checkAction(a: ModAction): ActionRequest {
  const type = ModActionTypeEnum[a.type] as ModActionType | undefined;
  if (type === undefined) throw refuse('MOD_ACTION_TYPE_INVALID', String(a.type));
  const emailType = EmailTypeEnum[a.emailType] as EmailType | undefined;
  if (emailType === undefined) throw refuse('MOD_EMAIL_TYPE_INVALID', String(a.emailType));
  if (!Number.isInteger(a.duration) || a.duration < 0 || a.duration > MAX_DURATION_HOURS * 3600) {
    throw refuse('MOD_DURATION_INVALID', MAX_DURATION_HOURS);
  }
  if ([...a.note].length > MAX_NOTE_LENGTH) throw refuse('MOD_NOTE_TOO_LONG', MAX_NOTE_LENGTH);
  if (!a.userId || a.userId.length > 64) throw refuse('MOD_USER_UNKNOWN');
  return {
    userId: a.userId,
    type,
    durationSeconds: a.duration,
    note: a.note.trim(),
    emailType,
    channel: a.channel.slice(0, 200),
    messageId: a.messageId.slice(0, 64),
  };
}

const checkList = (actions: ModAction[]): ActionRequest[] => {
  if (actions.length === 0) throw refuse('MOD_ACTIONS_EMPTY');
  if (actions.length > MAX_ACTIONS_PER_CALL) {
    throw refuse('INVALID_REQUEST', `at most ${MAX_ACTIONS_PER_CALL} actions at once`);
  }
  return actions.map(checkAction);
};

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);

/** ModService (docs/product/community.md §7): every call but the player's own needs can_moderate_users. */
export function modRoutes(
  router: ConnectRouter,
  d: {
    moderation: Moderation;
    notoriety: Notoriety;
    reports: Reports;
    access: Access;
    accounts: Accounts;
  },
): void {
  const moderator = (ctx: Parameters<Access['requireUser']>[0]) =>
    d.access.requirePermission(ctx, 'can_moderate_users');

  const toWire = async (records: ModActionRecord[]): Promise<ModAction[]> => {
    const ids = [...new Set(records.flatMap((r) => [r.applierUserId, r.removerUserId]))];
    const names = await d.accounts.usernames(ids.filter(Boolean));
    return records.map((r) =>
      create(ModActionSchema, {
        userId: r.userId,
        type: ModActionTypeEnum[r.type],
        duration: r.durationSeconds,
        startTime: ts(r.startTime),
        endTime: ts(r.endTime),
        removedTime: ts(r.removedTime ?? r.expiredTime),
        channel: r.channel,
        messageId: r.messageId,
        applierUserId: r.applierUserId,
        removerUserId: r.removerUserId,
        chatText: r.chatText,
        note: r.note,
        emailType: EmailTypeEnum[r.emailType],
        applierUsername: names.get(r.applierUserId) ?? '',
        removerUsername: r.removerUserId
          ? (names.get(r.removerUserId) ?? '')
          : r.expiredTime
            ? '(expired)'
            : '',
      }),
    );
  };
  const asMap = async (active: Map<ModActionType, ModActionRecord>) => {
    const list = [...active.values()];
    const wire = await toWire(list);
    return { actions: Object.fromEntries(list.map((r, i) => [r.type, wire[i]])) };
  };

  router.service(ModService, {
    async applyActions(req, ctx) {
      const me = await moderator(ctx);
      const list = checkList(req.actions);
      for (const a of list) await d.moderation.apply(a, me.id);
      return {};
    },
    async removeActions(req, ctx) {
      const me = await moderator(ctx);
      const list = checkList(req.actions);
      for (const a of list) await d.moderation.remove(a.userId, a.type, me.id);
      return {};
    },
    async getActions(req, ctx) {
      await moderator(ctx);
      return asMap(await d.moderation.store.activeMap(req.userId.slice(0, 64)));
    },
    async getActionHistory(req, ctx) {
      await moderator(ctx);
      return { actions: await toWire(await d.moderation.store.history(req.userId.slice(0, 64))) };
    },
    async getNotoriety(req, ctx) {
      await moderator(ctx);
      const report = await d.notoriety.report(req.userId.slice(0, 64));
      return {
        score: report.score,
        games: report.games.map((g) => ({
          id: g.gameId,
          type: NotoriousGameType[g.type],
          createdAt: timestampFromDate(g.createdAt),
        })),
      };
    },
    async resetNotoriety(req, ctx) {
      const me = await moderator(ctx);
      await d.moderation.checkTarget(me.id, req.userId);
      await d.notoriety.reset(req.userId.slice(0, 64));
      return {};
    },
    async getOwnActions(_req, ctx) {
      const me = await d.access.requireUser(ctx);
      return asMap(await d.moderation.store.activeMap(me.id));
    },
    async reportUser(req, ctx) {
      const me = await d.access.requireUser(ctx);
      await d.reports.file(me.id, req);
      return {};
    },
    async getReports(_req, ctx) {
      await moderator(ctx);
      return { reports: await d.reports.open() };
    },
    async closeReport(req, ctx) {
      const me = await moderator(ctx);
      await d.reports.close(req.id, me.id, req.outcome);
      return {};
    },
  });
}
