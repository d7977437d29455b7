/**
 * The error catalogue. A failed call or socket request carries a message of
 * the form "<code>;<param1>;<param2>..." (docs/product/gameplay.md §8); the client
 * looks the code up here and substitutes $1, $2... Unknown codes are shown
 * raw. Texts the spec quotes are kept word for word.
 */

export const ERRORS = {
  // Requests in general.
  INVALID_REQUEST: { code: 1000, text: 'Invalid request: $1' },
  NOT_LOGGED_IN: { code: 1001, text: 'You must be logged in to do that.' },
  PERMISSION_DENIED: { code: 1002, text: 'You do not have permission to do that.' },
  RATE_LIMITED: { code: 1003, text: 'Too many attempts; please try again in $1 seconds.' },
  INTERNAL: { code: 1004, text: 'Something went wrong on our side; please try again.' },
  NOT_FOUND: { code: 1005, text: 'Not found: $1' },
  // Socket protocol.
  MALFORMED_FRAME: { code: 1010, text: 'Malformed frame: $1' },
  UNKNOWN_MESSAGE_TYPE: { code: 1011, text: 'Unknown message type $1' },
  MALFORMED_MESSAGE: { code: 1012, text: 'Malformed message of type $1' },
  FRAME_TOO_LARGE: { code: 1013, text: 'Frame too large: $1 bytes (limit $2)' },
  BAD_TOKEN: { code: 1014, text: 'Your session token is invalid or expired; please reconnect.' },
  SESSION_REVOKED: {
    code: 1015,
    text: 'You were signed out: your password changed or your account was closed.',
  },
  // Registration (docs/product/community.md §5).
  USERNAME_REQUIRED: { code: 1020, text: 'Please input your username' },
  USERNAME_TOO_SHORT: { code: 1021, text: 'Min username length is 3' },
  USERNAME_TOO_LONG: { code: 1022, text: 'Max username length is 20' },
  USERNAME_CHARACTERS: { code: 1023, text: 'Valid characters are A-Z a-z 0-9 . _ -' },
  USERNAME_ENDS: { code: 1024, text: 'Username must start and end with a letter or digit' },
  USERNAME_TAKEN: { code: 1025, text: 'That username is already taken' },
  EMAIL_REQUIRED: { code: 1026, text: "We need your email. We won't spam you" },
  EMAIL_INVALID: { code: 1027, text: 'This is not a valid email' },
  EMAIL_TAKEN: { code: 1028, text: 'That email is already registered' },
  PASSWORD_REQUIRED: { code: 1029, text: 'Please input your password!' },
  PASSWORD_TOO_SHORT: { code: 1030, text: 'Password should be at least 8 characters' },
  BIRTH_DATE_INVALID: { code: 1031, text: 'Please input your birth date' },
  COUNTRY_INVALID: { code: 1032, text: 'Unknown country code' },
  NAME_TOO_LONG: { code: 1033, text: 'Names can be at most 50 characters' },
  // Login and passwords.
  LOGIN_FAILED: { code: 1040, text: 'Password incorrect or user not found' },
  OLD_PASSWORD_WRONG: { code: 1041, text: 'Your old password is incorrect' },
  PASSWORDS_REQUIRED: { code: 1042, text: 'Both the old and the new password are required' },
  RESET_CODE_INVALID: { code: 1043, text: 'That reset code is invalid or has expired' },
  ACCOUNT_CLOSED: { code: 1044, text: 'This account has been closed' },
  PASSWORD_WRONG: { code: 1045, text: 'Your password is incorrect' },
  // Chat.
  CHAT_EMPTY: { code: 1060, text: 'Empty messages are not sent' },
  CHAT_TOO_LONG: { code: 1061, text: 'Chat messages can be at most $1 characters' },
  CHAT_CHANNEL_INVALID: { code: 1062, text: 'You cannot post to channel $1' },
  CHAT_MUTED: { code: 1063, text: 'You are muted and cannot chat' },
  CHAT_NOT_DELIVERED: { code: 1064, text: 'Your message could not be delivered.' },
  // Puzzles (docs/product/gameplay.md §8, codes 1074-1089). The spec names the cases (invalid
  // vote, no random puzzle for the lexicon, puzzle not found, no previous puzzles, attempt
  // errors, game no longer available) and quotes only the logged-out text; the rest are ours.
  PUZZLE_VOTE_INVALID: { code: 1074, text: 'Invalid vote $1: a vote is -1, 0 or 1.' },
  PUZZLE_NONE_FOR_LEXICON: { code: 1075, text: 'There are no puzzles for the lexicon $1 yet.' },
  PUZZLE_NOT_FOUND: { code: 1076, text: 'Puzzle $1 was not found.' },
  PUZZLE_NO_PREVIOUS: { code: 1077, text: 'There are no previous puzzles.' },
  PUZZLE_LOGIN_REQUIRED: { code: 1078, text: 'Log in or register to start solving puzzles.' },
  PUZZLE_ANSWER_INVALID: { code: 1079, text: 'That answer cannot be played: $1' },
  PUZZLE_ATTEMPT_MISSING: { code: 1080, text: 'You have not opened puzzle $1 yet.' },
  PUZZLE_ALREADY_ANSWERED: {
    code: 1081,
    text: 'You have already answered this puzzle; try the next one.',
  },
  PUZZLE_ANSWER_HIDDEN: {
    code: 1082,
    text: 'The solution is shown once you solve the puzzle or give up.',
  },
  PUZZLE_JOB_INVALID: { code: 1083, text: 'Invalid puzzle job: $1' },
  PUZZLE_JOB_FORBIDDEN: {
    code: 1084,
    text: 'Starting a puzzle job needs the admin permission or the secret key.',
  },
  PUZZLE_LEXICON_UNAVAILABLE: {
    code: 1085,
    text: 'Puzzles in $1 are not available on this server.',
  },
  PUZZLE_TAG_INVALID: { code: 1086, text: 'Unknown puzzle tag $1' },
  PUZZLE_LETTER_DISTRIBUTION_INVALID: { code: 1087, text: 'Unknown letter distribution $1' },
  PUZZLE_PAGE_INVALID: { code: 1088, text: 'Invalid page: $1' },
  PUZZLE_GAME_GONE: { code: 1089, text: 'The game this puzzle comes from is no longer available.' },
  // Games (docs/product/gameplay.md §8).
  GAME_NOT_FOUND: { code: 1100, text: 'These are not the games you are looking for.' },
  NOT_YOUR_TURN: { code: 1101, text: 'It is not your turn.' },
  NOT_A_PLAYER: { code: 1102, text: 'You are not playing in this game.' },
  GAME_OVER: { code: 1103, text: 'The game is over.' },
  GAME_RULE: { code: 1104, text: '$1' },
  STALE_EVENT: {
    code: 1105,
    text: 'The game has moved on since you last saw it; your board was refreshed.',
  },
  BAD_MOVE: { code: 1106, text: 'That move cannot be read: $1' },
  LEXICON_UNAVAILABLE: { code: 1107, text: 'The lexicon $1 is not available on this server.' },
  META_NOT_ALLOWED: { code: 1108, text: '$1' },
  // docs/product/gameplay.md §5 "Turn rules" and §9 ("exchange needs 7 in the bag"); the spec
  // quotes no text for it, so these words are ours. $1 the minimum, $2 the bag now.
  EXCHANGE_BAG_TOO_SMALL: {
    code: 1109,
    text: 'You can only exchange while the bag holds at least $1 tiles; it holds $2.',
  },
  TIME_NOT_UP: { code: 1110, text: 'The clock on turn has not run out yet.' },
  // Seeks and match requests.
  SEEK_INVALID: { code: 1120, text: 'Invalid game request: $1' },
  SEEK_NOT_FOUND: { code: 1121, text: 'That game request is no longer open.' },
  SEEK_OWN: { code: 1122, text: 'You cannot accept your own game request.' },
  SEEK_NOT_ALLOWED: { code: 1123, text: 'You cannot accept this game request: $1' },
  BOT_QUOTA: {
    code: 1124,
    text: "You've used your $1 games this month. You can play again on $2.",
  },
  BOT_LOCKED: { code: 1125, text: '$1 is only available to members and special access players.' },
  ALREADY_IN_GAME: { code: 1126, text: 'You are already playing a real-time game.' },
  // Roles.
  ROLE_UNKNOWN: { code: 1070, text: 'Unknown role $1' },
  USER_UNKNOWN: { code: 1071, text: 'User not found.' },
} as const satisfies Record<string, { code: number; text: string }>;

export type ErrorKey = keyof typeof ERRORS;

const textByCode = new Map<number, string>(Object.values(ERRORS).map((e) => [e.code, e.text]));

/** The wire form: "<code>;<param1>;...". Semicolons inside parameters are replaced. */
export function errorMessage(key: ErrorKey, ...params: (string | number)[]): string {
  return [ERRORS[key].code, ...params.map((p) => String(p).replaceAll(';', ','))].join(';');
}

/** What the user sees for a wire message; unknown codes and free text come back unchanged. */
export function renderError(message: string): string {
  const [head, ...params] = message.split(';');
  const text = /^\d+$/.test(head) ? textByCode.get(Number(head)) : undefined;
  if (text === undefined) return message;
  return text.replace(/\$(\d+)/g, (_, n: string) => params[Number(n) - 1] ?? '');
}
