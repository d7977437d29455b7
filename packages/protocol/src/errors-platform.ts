import type { CatalogueEntry } from './catalogue-entry.ts';

/** The catalogue's keys outside tournaments (errors.ts merges the parts). */
export const PLATFORM_ERRORS = {
  // Requests in general.
  INVALID_REQUEST: {
    code: 1000,
    connect: ['invalid_argument', 'failed_precondition', 'unimplemented'],
    text: 'Invalid request: $1',
  },
  NOT_LOGGED_IN: {
    code: 1001,
    connect: 'unauthenticated',
    text: 'You must be logged in to do that.',
  },
  PERMISSION_DENIED: {
    code: 1002,
    connect: 'permission_denied',
    text: 'You do not have permission to do that.',
  },
  RATE_LIMITED: {
    code: 1003,
    connect: 'resource_exhausted',
    text: 'Too many attempts; please try again in $1 seconds.',
  },
  INTERNAL: {
    code: 1004,
    connect: 'internal',
    text: 'Something went wrong on our side; please try again.',
  },
  NOT_FOUND: { code: 1005, connect: 'not_found', text: 'Not found: $1' },
  // Socket protocol.
  MALFORMED_FRAME: { code: 1010, connect: 'invalid_argument', text: 'Malformed frame: $1' },
  UNKNOWN_MESSAGE_TYPE: {
    code: 1011,
    connect: 'invalid_argument',
    text: 'Unknown message type $1',
  },
  MALFORMED_MESSAGE: {
    code: 1012,
    connect: 'invalid_argument',
    text: 'Malformed message of type $1',
  },
  FRAME_TOO_LARGE: {
    code: 1013,
    connect: 'resource_exhausted',
    text: 'Frame too large: $1 bytes (limit $2)',
  },
  BAD_TOKEN: {
    code: 1014,
    connect: 'unauthenticated',
    text: 'Your session token is invalid or expired; please reconnect.',
  },
  SESSION_REVOKED: {
    code: 1015,
    connect: 'unauthenticated',
    text: 'You were signed out: your password changed or your account was closed.',
  },
  // Registration (docs/product/community.md §5).
  USERNAME_REQUIRED: {
    code: 1020,
    connect: 'invalid_argument',
    text: 'Please input your username',
  },
  USERNAME_TOO_SHORT: { code: 1021, connect: 'invalid_argument', text: 'Min username length is 3' },
  USERNAME_TOO_LONG: { code: 1022, connect: 'invalid_argument', text: 'Max username length is 20' },
  USERNAME_CHARACTERS: {
    code: 1023,
    connect: 'invalid_argument',
    text: 'Valid characters are A-Z a-z 0-9 . _ -',
  },
  USERNAME_ENDS: {
    code: 1024,
    connect: 'invalid_argument',
    text: 'Username must start and end with a letter or digit',
  },
  USERNAME_TAKEN: { code: 1025, connect: 'already_exists', text: 'That username is already taken' },
  EMAIL_REQUIRED: {
    code: 1026,
    connect: 'invalid_argument',
    text: "We need your email. We won't spam you",
  },
  EMAIL_INVALID: { code: 1027, connect: 'invalid_argument', text: 'This is not a valid email' },
  EMAIL_TAKEN: { code: 1028, connect: 'already_exists', text: 'That email is already registered' },
  PASSWORD_REQUIRED: {
    code: 1029,
    connect: 'invalid_argument',
    text: 'Please input your password!',
  },
  PASSWORD_TOO_SHORT: {
    code: 1030,
    connect: 'invalid_argument',
    text: 'Password should be at least 8 characters',
  },
  BIRTH_DATE_INVALID: {
    code: 1031,
    connect: 'invalid_argument',
    text: 'Please input your birth date',
  },
  COUNTRY_INVALID: { code: 1032, connect: 'invalid_argument', text: 'Unknown country code' },
  NAME_TOO_LONG: {
    code: 1033,
    connect: 'invalid_argument',
    text: 'Names can be at most 50 characters',
  },
  // Login and passwords.
  LOGIN_FAILED: {
    code: 1040,
    connect: 'unauthenticated',
    text: 'Password incorrect or user not found',
  },
  OLD_PASSWORD_WRONG: {
    code: 1041,
    connect: 'permission_denied',
    text: 'Your old password is incorrect',
  },
  PASSWORDS_REQUIRED: {
    code: 1042,
    connect: 'invalid_argument',
    text: 'Both the old and the new password are required',
  },
  RESET_CODE_INVALID: {
    code: 1043,
    connect: 'invalid_argument',
    text: 'That reset code is invalid or has expired',
  },
  ACCOUNT_CLOSED: {
    code: 1044,
    connect: 'permission_denied',
    text: 'This account has been closed',
  },
  PASSWORD_WRONG: { code: 1045, connect: 'permission_denied', text: 'Your password is incorrect' },
  // Chat.
  CHAT_EMPTY: { code: 1060, connect: 'invalid_argument', text: 'Empty messages are not sent' },
  CHAT_TOO_LONG: {
    code: 1061,
    connect: 'invalid_argument',
    text: 'Chat messages can be at most $1 characters',
  },
  CHAT_CHANNEL_INVALID: {
    code: 1062,
    connect: ['permission_denied', 'invalid_argument'],
    text: 'You cannot post to channel $1',
  },
  CHAT_MUTED: { code: 1063, connect: 'permission_denied', text: 'You are muted and cannot chat' },
  CHAT_NOT_DELIVERED: {
    code: 1064,
    connect: 'permission_denied',
    text: 'Your message could not be delivered.',
  },
  // Puzzles (docs/product/gameplay.md §8, codes 1074-1089). The spec names the cases (invalid
  // vote, no random puzzle for the lexicon, puzzle not found, no previous puzzles, attempt
  // errors, game no longer available) and quotes only the logged-out text; the rest are ours.
  PUZZLE_VOTE_INVALID: {
    code: 1074,
    connect: 'invalid_argument',
    text: 'Invalid vote $1: a vote is -1, 0 or 1.',
  },
  PUZZLE_NONE_FOR_LEXICON: {
    code: 1075,
    connect: 'not_found',
    text: 'There are no puzzles for the lexicon $1 yet.',
  },
  PUZZLE_NOT_FOUND: { code: 1076, connect: 'not_found', text: 'Puzzle $1 was not found.' },
  PUZZLE_NO_PREVIOUS: { code: 1077, connect: 'not_found', text: 'There are no previous puzzles.' },
  PUZZLE_LOGIN_REQUIRED: {
    code: 1078,
    connect: 'unauthenticated',
    text: 'Log in or register to start solving puzzles.',
  },
  PUZZLE_ANSWER_INVALID: {
    code: 1079,
    connect: 'invalid_argument',
    text: 'That answer cannot be played: $1',
  },
  PUZZLE_ATTEMPT_MISSING: {
    code: 1080,
    connect: 'failed_precondition',
    text: 'You have not opened puzzle $1 yet.',
  },
  PUZZLE_ALREADY_ANSWERED: {
    code: 1081,
    connect: 'failed_precondition',
    text: 'You have already answered this puzzle; try the next one.',
  },
  PUZZLE_ANSWER_HIDDEN: {
    code: 1082,
    connect: 'failed_precondition',
    text: 'The solution is shown once you solve the puzzle or give up.',
  },
  PUZZLE_JOB_INVALID: { code: 1083, connect: 'invalid_argument', text: 'Invalid puzzle job: $1' },
  PUZZLE_JOB_FORBIDDEN: {
    code: 1084,
    connect: 'permission_denied',
    text: 'Starting a puzzle job needs the admin permission or the secret key.',
  },
  PUZZLE_LEXICON_UNAVAILABLE: {
    code: 1085,
    connect: 'invalid_argument',
    text: 'Puzzles in $1 are not available on this server.',
  },
  PUZZLE_TAG_INVALID: { code: 1086, connect: 'invalid_argument', text: 'Unknown puzzle tag $1' },
  PUZZLE_LETTER_DISTRIBUTION_INVALID: {
    code: 1087,
    connect: 'invalid_argument',
    text: 'Unknown letter distribution $1',
  },
  PUZZLE_PAGE_INVALID: { code: 1088, connect: 'invalid_argument', text: 'Invalid page: $1' },
  PUZZLE_GAME_GONE: {
    code: 1089,
    connect: 'not_found',
    text: 'The game this puzzle comes from is no longer available.',
  },
  // Games (docs/product/gameplay.md §8).
  GAME_NOT_FOUND: {
    code: 1100,
    connect: 'not_found',
    text: 'These are not the games you are looking for.',
  },
  NOT_YOUR_TURN: { code: 1101, connect: 'failed_precondition', text: 'It is not your turn.' },
  NOT_A_PLAYER: {
    code: 1102,
    connect: 'permission_denied',
    text: 'You are not playing in this game.',
  },
  GAME_OVER: { code: 1103, connect: 'failed_precondition', text: 'The game is over.' },
  GAME_RULE: { code: 1104, connect: ['failed_precondition', 'invalid_argument'], text: '$1' },
  STALE_EVENT: {
    code: 1105,
    connect: 'failed_precondition',
    text: 'The game has moved on since you last saw it; your board was refreshed.',
  },
  BAD_MOVE: { code: 1106, connect: 'invalid_argument', text: 'That move cannot be read: $1' },
  LEXICON_UNAVAILABLE: {
    code: 1107,
    connect: ['failed_precondition', 'not_found'],
    text: 'The lexicon $1 is not available on this server.',
  },
  META_NOT_ALLOWED: { code: 1108, connect: 'failed_precondition', text: '$1' },
  // docs/product/gameplay.md §5 "Turn rules" and §9 ("exchange needs 7 in the bag"); the spec
  // quotes no text for it, so these words are ours. $1 the minimum, $2 the bag now.
  EXCHANGE_BAG_TOO_SMALL: {
    code: 1109,
    connect: 'failed_precondition',
    text: 'You can only exchange while the bag holds at least $1 tiles; it holds $2.',
  },
  TIME_NOT_UP: {
    code: 1110,
    connect: 'failed_precondition',
    text: 'The clock on turn has not run out yet.',
  },
  // Seeks and match requests.
  SEEK_INVALID: {
    code: 1120,
    connect: ['invalid_argument', 'resource_exhausted'],
    text: 'Invalid game request: $1',
  },
  SEEK_NOT_FOUND: {
    code: 1121,
    connect: 'not_found',
    text: 'That game request is no longer open.',
  },
  SEEK_OWN: {
    code: 1122,
    connect: 'failed_precondition',
    text: 'You cannot accept your own game request.',
  },
  SEEK_NOT_ALLOWED: {
    code: 1123,
    connect: 'permission_denied',
    text: 'You cannot accept this game request: $1',
  },
  BOT_QUOTA: {
    code: 1124,
    connect: 'resource_exhausted',
    text: "You've used your $1 games this month. You can play again on $2.",
  },
  BOT_LOCKED: {
    code: 1125,
    connect: 'permission_denied',
    text: '$1 is only available to members and special access players.',
  },
  ALREADY_IN_GAME: {
    code: 1126,
    connect: 'failed_precondition',
    text: 'You are already playing a real-time game.',
  },
  SEEK_SEEKER_GONE: {
    code: 1140,
    connect: 'failed_precondition',
    text: 'The player who made this game request is no longer connected.',
  },
  // Account pages (issue 38): password reset, signed-cookie handover, donations.
  NEW_PASSWORDS_MISMATCH: {
    code: 1160,
    connect: 'invalid_argument',
    text: 'New passwords must match',
  },
  AUTHENTICATION_NEEDED: {
    code: 1161,
    connect: 'unauthenticated',
    text: 'authentication is needed for this endpoint',
  },
  SIGNED_COOKIE_INVALID: {
    code: 1162,
    connect: 'invalid_argument',
    text: 'That sign-in link is invalid or has expired',
  },
  DONATIONS_NOT_CONFIGURED: {
    code: 1163,
    connect: 'failed_precondition',
    text: 'Donations are not set up on this site.',
  },
  DONATION_AMOUNT_INVALID: {
    code: 1164,
    connect: 'invalid_argument',
    text: 'Choose one of the donation amounts: $1',
  },
  CHECKOUT_FAILED: {
    code: 1165,
    connect: 'unavailable',
    text: 'The payment provider could not start the checkout: $1',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    code: 1166,
    connect: 'permission_denied',
    text: 'The webhook signature does not match',
  },
  WEBHOOK_TIMESTAMP_STALE: {
    code: 1167,
    connect: 'permission_denied',
    text: 'The webhook timestamp is outside the $1-second window',
  },
  // A JSON request body nested deeper than the API reads (issue 37); $1 the limit.
  REQUEST_TOO_DEEP: {
    code: 1130,
    connect: 'invalid_argument',
    text: 'The request nests objects and lists more than $1 levels deep.',
  },
  // Roles.
  ROLE_UNKNOWN: { code: 1070, connect: 'invalid_argument', text: 'Unknown role $1' },
  USER_UNKNOWN: { code: 1071, connect: 'not_found', text: 'User not found.' },
  // Profiles, personal info and avatars (docs/product/community.md §2.4, §4.5, §5).
  PROFILE_LOGIN_REQUIRED: {
    code: 1150,
    connect: 'unauthenticated',
    text: 'Login or register to view your profile.',
  },
  AVATAR_NOT_JPEG: {
    code: 1151,
    connect: 'invalid_argument',
    text: 'The avatar must be a JPEG image.',
  },
  AVATAR_TOO_LARGE: {
    code: 1152,
    connect: 'invalid_argument',
    text: 'The avatar file is too large ($1 bytes; the limit is $2).',
  },
  AVATAR_WRONG_SIZE: {
    code: 1153,
    connect: 'invalid_argument',
    text: 'The avatar must be exactly 96×96 pixels; this one is $1×$2.',
  },
  AVATAR_UNREADABLE: {
    code: 1154,
    connect: 'invalid_argument',
    text: 'The avatar image could not be read: $1',
  },
  AVATARS_NOT_EDITABLE: {
    code: 1155,
    connect: 'permission_denied',
    text: 'You cannot change your avatar.',
  },
  SETTINGS_EMAIL_INVALID: {
    code: 1156,
    connect: 'invalid_argument',
    text: 'Enter a valid email address',
  },
  ABOUT_TOO_LONG: {
    code: 1157,
    connect: 'invalid_argument',
    text: 'About you can be at most $1 characters.',
  },
} as const satisfies Record<string, CatalogueEntry>;
