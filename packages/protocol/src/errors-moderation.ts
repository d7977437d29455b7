import type { CatalogueEntry } from './catalogue-entry.ts';

/**
 * The catalogue's moderation keys, codes 1400-1429 (errors.ts merges the
 * parts). An end time travels as its parameter in ISO 8601 (UTC); the web
 * shows it in the reader's local time.
 */
export const MODERATION_ERRORS = {
  // What an action in force refuses (docs/product/community.md §4.9).
  MOD_MUTED_UNTIL: {
    code: 1400,
    connect: 'permission_denied',
    text: 'You are muted and cannot chat until $1.',
  },
  MOD_MUTED_INDEFINITELY: {
    code: 1401,
    connect: 'permission_denied',
    text: 'You are muted and cannot chat until a moderator lifts it.',
  },
  MOD_ACCOUNT_SUSPENDED_UNTIL: {
    code: 1402,
    connect: 'permission_denied',
    text: 'Your account is suspended until $1.',
  },
  MOD_ACCOUNT_SUSPENDED_INDEFINITELY: {
    code: 1403,
    connect: 'permission_denied',
    text: 'Your account is suspended until a moderator lifts it.',
  },
  MOD_RATED_GAMES_SUSPENDED_UNTIL: {
    code: 1404,
    connect: 'permission_denied',
    text: 'You cannot play rated games until $1. Reason: $2',
  },
  MOD_RATED_GAMES_SUSPENDED_INDEFINITELY: {
    code: 1405,
    connect: 'permission_denied',
    text: 'You cannot play rated games until a moderator lifts it. Reason: $1',
  },
  MOD_GAMES_SUSPENDED_UNTIL: {
    code: 1406,
    connect: 'permission_denied',
    text: 'You cannot start new games until $1.',
  },
  MOD_GAMES_SUSPENDED_INDEFINITELY: {
    code: 1407,
    connect: 'permission_denied',
    text: 'You cannot start new games until a moderator lifts it.',
  },
  // The moderation form and service (§5 Moderation form, §7 Moderation service).
  MOD_ACTIONS_EMPTY: { code: 1408, connect: 'invalid_argument', text: 'Action is required.' },
  MOD_ACTION_TYPE_INVALID: {
    code: 1409,
    connect: 'invalid_argument',
    text: 'There is no mod action of type $1.',
  },
  MOD_DURATION_INVALID: {
    code: 1410,
    connect: 'invalid_argument',
    text: 'The duration must be between 0 and $1 hours.',
  },
  MOD_NOTE_TOO_LONG: {
    code: 1411,
    connect: 'invalid_argument',
    text: 'The note can be at most $1 characters.',
  },
  MOD_EMAIL_TYPE_INVALID: {
    code: 1412,
    connect: 'invalid_argument',
    text: 'There is no e-mail type $1.',
  },
  MOD_USER_UNKNOWN: { code: 1413, connect: 'not_found', text: 'That user does not exist.' },
  MOD_SELF: {
    code: 1414,
    connect: 'permission_denied',
    text: 'You cannot apply or remove a mod action on yourself.',
  },
  MOD_TARGET_ADMIN: {
    code: 1415,
    connect: 'permission_denied',
    text: 'Only an administrator can act on an administrator.',
  },
  MOD_CHAT_MESSAGE_REQUIRED: {
    code: 1416,
    connect: 'invalid_argument',
    text: 'Removing chat needs the channel and the message.',
  },
  MOD_CHAT_MESSAGE_UNKNOWN: {
    code: 1417,
    connect: 'not_found',
    text: 'That chat message is no longer there.',
  },
  MOD_ACTION_NOT_ACTIVE: {
    code: 1418,
    connect: 'not_found',
    text: 'There is no active $1 action on this user.',
  },
  MOD_ACTION_NOT_REMOVABLE: {
    code: 1419,
    connect: 'invalid_argument',
    text: 'A $1 action is done once and cannot be removed.',
  },
  // Reports (issue 39 item 6).
  MOD_REPORT_SELF: { code: 1420, connect: 'invalid_argument', text: 'You cannot report yourself.' },
  MOD_REPORT_REASON_TOO_LONG: {
    code: 1421,
    connect: 'invalid_argument',
    text: 'The reason can be at most $1 characters.',
  },
  MOD_REPORT_UNKNOWN: {
    code: 1422,
    connect: 'not_found',
    text: 'That report does not exist or is already closed.',
  },
  MOD_REPORT_OUTCOME_REQUIRED: {
    code: 1423,
    connect: 'invalid_argument',
    text: 'Say what was done about the report (at most $1 characters).',
  },
  MOD_REPORT_TOO_MANY: {
    code: 1424,
    connect: 'resource_exhausted',
    text: 'You have $1 open reports; wait until a moderator has looked at them.',
  },
} as const satisfies Record<string, CatalogueEntry>;
