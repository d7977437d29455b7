import { refuse, Refusal, refusalText } from '@tessera/protocol';
import type { ModActionRecord, ModActionType } from '@tessera/server';

export const summary =
  "moderation on the database: apply, remove, list and history of a user's actions";

const USAGE = `usage:
  tessera mod apply USER TYPE [HOURS] [NOTE] --as MODERATOR [--cheating]
                              apply an action (HOURS 0-4320, 0 or none: until lifted)
  tessera mod remove USER TYPE --as MODERATOR
                              lift an action in force early
  tessera mod list USER       the actions in force on USER
  tessera mod history USER    every action ever applied to USER, newest first
types: MUTE, SUSPEND_ACCOUNT, SUSPEND_RATED_GAMES, SUSPEND_GAMES (these last),
       RESET_RATINGS, RESET_STATS, RESET_STATS_AND_RATINGS, DELETE_ACCOUNT (done once);
       a chat line is removed from the chat itself ("Delete this message").
MODERATOR is the account the action is recorded under (it needs can_moderate_users).`;

/** What the CLI can apply: REMOVE_CHAT needs a channel and a message, which the chat's menu names. */
const TYPES: readonly ModActionType[] = [
  'MUTE',
  'SUSPEND_ACCOUNT',
  'SUSPEND_RATED_GAMES',
  'SUSPEND_GAMES',
  'RESET_RATINGS',
  'RESET_STATS',
  'RESET_STATS_AND_RATINGS',
  'DELETE_ACCOUNT',
];

/** An instant as the refusals carry it: ISO 8601, UTC, whole seconds. */
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Parsed {
  positional: string[];
  as?: string;
  cheating: boolean;
}

function parse(args: string[]): Parsed | string {
  const positional: string[] = [];
  let as: string | undefined;
  let cheating = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--as') {
      as = args[++i];
      if (!as) return '--as needs a username';
    } else if (a.startsWith('--as=')) as = a.slice(5);
    else if (a === '--cheating') cheating = true;
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else positional.push(a);
  }
  return { positional, as, cheating };
}

/**
 * Moderator actions from the operator's shell, on the database the servers
 * read (decision 0131): the same ModService rules and effects as the admin
 * console, recorded under the moderator named by --as.
 */
export async function run(args: string[]): Promise<number> {
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  const [sub, username, typeArg, ...rest] = parsed.positional;
  const counts: Record<string, [number, number]> = {
    apply: [2, 4],
    remove: [2, 2],
    list: [1, 1],
    history: [1, 1],
  };
  const range = counts[sub ?? ''];
  const n = parsed.positional.length - 1;
  if (!range || n < range[0] || n > range[1]) {
    console.error(USAGE);
    return 2;
  }
  const changes = sub === 'apply' || sub === 'remove';
  if (changes && !parsed.as) {
    console.error(
      `tessera mod ${sub} needs --as MODERATOR: the account the action is recorded under`,
    );
    return 2;
  }
  let type: ModActionType | undefined;
  let seconds = 0;
  let note = '';
  if (changes) {
    const { MAX_DURATION_HOURS, MAX_NOTE_LENGTH, LASTING_TYPES } = await import('@tessera/server');
    type = TYPES.find((t) => t === typeArg?.toUpperCase());
    if (!type) {
      console.error(
        typeArg?.toUpperCase() === 'REMOVE_CHAT'
          ? 'REMOVE_CHAT names a chat line: use "Delete this message" in the chat'
          : `${refusalText(refuse('MOD_ACTION_TYPE_INVALID', typeArg ?? ''))} Types: ${TYPES.join(', ')}`,
      );
      return 2;
    }
    let [hours, text] = rest;
    // A one-off action takes no duration: its one argument is the note. A
    // lasting one never takes a word for its hours (no accidental "until lifted").
    if (
      !LASTING_TYPES.includes(type) &&
      hours !== undefined &&
      !/^\d+(\.\d+)?$/.test(hours) &&
      text === undefined
    ) {
      [hours, text] = ['0', hours];
    }
    if (sub === 'remove' && rest.length > 0) {
      console.error(USAGE);
      return 2;
    }
    const h = Number(hours ?? '0');
    if (!/^\d+(\.\d+)?$/.test(hours ?? '0') || h > MAX_DURATION_HOURS) {
      console.error(refusalText(refuse('MOD_DURATION_INVALID', MAX_DURATION_HOURS)));
      return 2;
    }
    seconds = Math.round(h * 3600);
    note = (text ?? '').trim();
    if ([...note].length > MAX_NOTE_LENGTH) {
      console.error(refusalText(refuse('MOD_NOTE_TOO_LONG', MAX_NOTE_LENGTH)));
      return 2;
    }
  }

  const { openCore, openOperatorServices, LASTING_TYPES } = await import('@tessera/server');
  const core = await openCore({ logLevel: 'silent' });
  try {
    const account = await core.accounts.findByUsername(username);
    if (!account) {
      console.error(`no user named '${username}'`);
      return 1;
    }
    const ops = await openOperatorServices(core);
    try {
      const mod = ops.services.moderation;
      const names = async (records: ModActionRecord[]) =>
        core.accounts.usernames([
          ...new Set(records.flatMap((r) => [r.applierUserId, r.removerUserId]).filter(Boolean)),
        ]);
      const by = (id: string, who: Map<string, string>) =>
        id ? (who.get(id) ?? 'a deleted account') : 'notoriety (automatic)';
      const until = (r: ModActionRecord) =>
        r.endTime ? `until ${iso(r.endTime)} (UTC)` : 'until lifted';

      if (sub === 'list') {
        const active = [...(await mod.activeActions(account.id)).values()];
        if (active.length === 0) console.log(`${account.username}: no actions in force`);
        const who = await names(active);
        for (const r of active)
          console.log(
            `${r.type} ${until(r)}, by ${by(r.applierUserId, who)}${r.note ? `: ${r.note}` : ''}`,
          );
        return 0;
      }
      if (sub === 'history') {
        const all = await mod.history(account.id);
        if (all.length === 0) console.log(`${account.username}: no actions ever`);
        const who = await names(all);
        for (const r of all) {
          const lasting = LASTING_TYPES.includes(r.type);
          const ended = r.removedTime
            ? `; removed ${iso(r.removedTime)} by ${by(r.removerUserId, who)}`
            : r.expiredTime
              ? `; expired ${iso(r.expiredTime)}`
              : '';
          console.log(
            `${iso(r.startTime)} ${r.type}${lasting ? ` ${until(r)}` : ''}, by ${by(r.applierUserId, who)}${ended}` +
              `${r.chatText ? ` [line: ${r.chatText}]` : ''}${r.note ? `: ${r.note}` : ''}`,
          );
        }
        return 0;
      }

      const moderator = await core.accounts.findByUsername(parsed.as!);
      if (!moderator) {
        console.error(`no user named '${parsed.as}' (--as)`);
        return 1;
      }
      if (!(await core.roles.permsOf(moderator.id)).includes('can_moderate_users')) {
        console.error(`${moderator.username} is not a moderator (needs can_moderate_users)`);
        return 1;
      }
      if (sub === 'remove') {
        await mod.remove(account.id, type!, moderator.id);
        console.log(`${account.username}: ${type} lifted by ${moderator.username}`);
        return 0;
      }
      const record = await mod.apply(
        {
          userId: account.id,
          type: type!,
          durationSeconds: seconds,
          note,
          emailType:
            type === 'DELETE_ACCOUNT' ? 'DELETION' : parsed.cheating ? 'CHEATING' : 'DEFAULT',
          channel: '',
          messageId: '',
        },
        moderator.id,
      );
      const lasting = LASTING_TYPES.includes(record.type);
      console.log(
        `${account.username}: ${record.type}${lasting ? ` ${until(record)}` : ' done'}, by ${moderator.username}`,
      );
      if (record.type === 'SUSPEND_ACCOUNT') {
        console.log(
          ops.reachesServers
            ? 'Sign-in and the API key are refused now; open sockets were told to close on every server.'
            : 'Sign-in and the API key are refused now. Open sockets close at their next check ' +
                '(when they reconnect): this command reaches the servers only through NATS (NATS_URL).',
        );
      }
      return 0;
    } finally {
      await ops.close();
    }
  } catch (e) {
    console.error(e instanceof Refusal ? refusalText(e) : String(e));
    return 1;
  } finally {
    await core.close();
  }
}
