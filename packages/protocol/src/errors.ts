/**
 * The error catalogue. A failed call or socket request carries a message of
 * the form "<code>;<param1>;<param2>..." (docs/product/gameplay.md §8); the client
 * looks the code up here and substitutes $1, $2... Unknown codes are shown
 * raw. Texts the spec quotes are kept word for word.
 *
 * Each key also owns the Connect code a failed call carries (`connect`, in
 * Connect's wire spelling); a key sent with several lists them, the first
 * being the usual one (see refusal.ts). The number of parameters a key takes
 * is the number of $n markers in its text (`ErrorParams`).
 */

/** Connect's error codes as its JSON wire form spells them. */
export type ConnectCodeName =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'deadline_exceeded'
  | 'not_found'
  | 'already_exists'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'aborted'
  | 'out_of_range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data_loss'
  | 'unauthenticated';

interface CatalogueEntry {
  code: number;
  connect: ConnectCodeName | readonly [ConnectCodeName, ConnectCodeName, ...ConnectCodeName[]];
  text: string;
}

export const ERRORS = {
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
  // Tournaments (docs/product/tournaments.md §5 and §8; decision 0096: the
  // spec's 1001-1104 region is taken in this catalogue, so they are 1200-1299).
  // §5 texts are word for word; §8 names conditions only, so those words are ours.
  TOURNAMENT_NOT_FOUND: {
    code: 1200,
    connect: 'not_found',
    text: 'You tried to access a non-existing page.',
  },
  TOURNAMENT_NAME_REQUIRED: {
    code: 1201,
    connect: 'invalid_argument',
    text: 'You must enter a name for the tournament.',
  },
  TOURNAMENT_SLUG_INVALID: {
    code: 1202,
    connect: 'invalid_argument',
    text: 'The address must be /tournament/<name> or /club/<name> with letters, digits, - and _.',
  },
  TOURNAMENT_SLUG_TAKEN: {
    code: 1203,
    connect: 'already_exists',
    text: 'The address $1 is already taken.',
  },
  TOURNAMENT_ROUND_CONTROLS_NOT_SET: {
    code: 1204,
    connect: 'failed_precondition',
    text: 'Round controls have not been set for division $1.',
  },
  TOURNAMENT_ALREADY_STARTED: {
    code: 1205,
    connect: 'failed_precondition',
    text: 'The tournament has already started.',
  },
  TOURNAMENT_BYE_NOT_ALLOWED: {
    code: 1206,
    connect: 'failed_precondition',
    text: 'A bye cannot be assigned here: $1',
  },
  TOURNAMENT_PAIRING_NOT_FOUND: {
    code: 1207,
    connect: 'not_found',
    text: 'There is no pairing for $1 in round $2.',
  },
  TOURNAMENT_PAIRING_CORRUPT: {
    code: 1208,
    connect: 'failed_precondition',
    text: 'The pairing for $1 in round $2 is corrupt.',
  },
  TOURNAMENT_PLAYER_EXISTS: {
    code: 1209,
    connect: 'already_exists',
    text: 'Player $1 is already in division $2.',
  },
  TOURNAMENT_ADD_IN_LAST_ROUND: {
    code: 1210,
    connect: 'failed_precondition',
    text: 'Players cannot be added in the last round.',
  },
  TOURNAMENT_PLAYER_ALREADY_REMOVED: {
    code: 1211,
    connect: 'failed_precondition',
    text: 'Player $1 has already been removed.',
  },
  TOURNAMENT_EMPTY_DIVISION: {
    code: 1212,
    connect: 'failed_precondition',
    text: 'Removing these players would leave division $1 empty.',
  },
  TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE: {
    code: 1213,
    connect: 'failed_precondition',
    text: 'Round $1 cannot be opened: $2 has no result in round $3. Assign a bye or forfeit with Set single pairing, or wait for or set the game result with Set game result.',
  },
  TOURNAMENT_ROUND_NOT_FULLY_PAIRED: {
    code: 1214,
    connect: 'failed_precondition',
    text: 'Round $1 cannot be opened: $2 is not paired. Assign a bye or forfeit with Set single pairing.',
  },
  TOURNAMENT_FINISHED: {
    code: 1215,
    connect: 'failed_precondition',
    text: 'The tournament is finished.',
  },
  TOURNAMENT_NOT_ENOUGH_PLAYERS: {
    code: 1216,
    connect: 'failed_precondition',
    text: 'The tournament cannot start unless each division has at least two players (division $1).',
  },
  TOURNAMENT_WRONG_ROUND: {
    code: 1217,
    connect: 'failed_precondition',
    text: 'You marked ready for round $1, but the current round is $2.',
  },
  TOURNAMENT_ALREADY_READY: {
    code: 1218,
    connect: 'failed_precondition',
    text: 'You are already marked ready.',
  },
  TOURNAMENT_NO_WINNER: {
    code: 1219,
    connect: 'invalid_argument',
    text: 'No winner or loser could be found for this result.',
  },
  TOURNAMENT_UNPAIRED_PLAYER: {
    code: 1220,
    connect: 'failed_precondition',
    text: 'Player $1 is unpaired in division $2.',
  },
  TOURNAMENT_SWISS_ZERO_REPEATS: {
    code: 1221,
    connect: 'invalid_argument',
    text: 'Swiss pairings are invalid when max repeats is zero and going over it is not allowed.',
  },
  TOURNAMENT_ZERO_GAMES_PER_ROUND: {
    code: 1222,
    connect: 'invalid_argument',
    text: 'Games per round cannot be zero.',
  },
  TOURNAMENT_NOT_STARTED: {
    code: 1223,
    connect: 'failed_precondition',
    text: 'The tournament has not started.',
  },
  TOURNAMENT_DIVISION_NOT_FOUND: {
    code: 1224,
    connect: 'not_found',
    text: 'Division $1 does not exist.',
  },
  TOURNAMENT_DIVISION_AFTER_START: {
    code: 1225,
    connect: 'failed_precondition',
    text: 'Divisions cannot be added or removed after the tournament has started.',
  },
  TOURNAMENT_DIVISION_EXISTS: {
    code: 1226,
    connect: 'already_exists',
    text: 'Division $1 already exists.',
  },
  TOURNAMENT_DIVISION_HAS_PLAYERS: {
    code: 1227,
    connect: 'failed_precondition',
    text: 'Division $1 still has players; remove them first.',
  },
  TOURNAMENT_USER_NOT_FOUND: { code: 1228, connect: 'not_found', text: 'User $1 not found.' },
  TOURNAMENT_DIRECTOR_EXISTS: {
    code: 1229,
    connect: 'already_exists',
    text: '$1 is already a director.',
  },
  TOURNAMENT_EXECUTIVE_DIRECTOR: {
    code: 1230,
    connect: 'failed_precondition',
    text: 'The executive director cannot be removed.',
  },
  TOURNAMENT_NO_DIVISIONS: {
    code: 1231,
    connect: 'failed_precondition',
    text: 'The tournament has no divisions.',
  },
  TOURNAMENT_GAME_CONTROLS_NOT_SET: {
    code: 1232,
    connect: 'failed_precondition',
    text: 'Game settings have not been set for division $1.',
  },
  TOURNAMENT_ROUND_NOT_CURRENT: {
    code: 1233,
    connect: 'failed_precondition',
    text: 'Round $1 cannot be started: the next round is $2.',
  },
  TOURNAMENT_ROUND_ALREADY_OPEN: {
    code: 1234,
    connect: 'failed_precondition',
    text: 'Round $1 is already open or over; its pairings cannot be changed this way.',
  },
  TOURNAMENT_DIVISION_NOT_FINISHED: {
    code: 1235,
    connect: 'failed_precondition',
    text: 'The tournament cannot be finished: division $1 is not finished.',
  },
  TOURNAMENT_TOGGLE_AFTER_START: {
    code: 1236,
    connect: 'failed_precondition',
    text: 'Check-ins and registration cannot be opened after the tournament has started.',
  },
  TOURNAMENT_START_WITH_TOGGLES_OPEN: {
    code: 1237,
    connect: 'failed_precondition',
    text: 'The tournament cannot start while check-ins or registration are open.',
  },
  TOURNAMENT_REMOVE_WHILE_CHECKINS_OPEN: {
    code: 1238,
    connect: 'failed_precondition',
    text: 'Unchecked-in players cannot be removed while check-ins are open.',
  },
  TOURNAMENT_NON_COP_AFTER_COP: {
    code: 1239,
    connect: 'invalid_argument',
    text: 'Non-COP pairings cannot follow COP pairings.',
  },
  TOURNAMENT_SCHEDULE_ORDER: {
    code: 1240,
    connect: 'invalid_argument',
    text: 'The scheduled start must be before the scheduled end.',
  },
  TOURNAMENT_CHECKINS_CLOSED: {
    code: 1241,
    connect: 'failed_precondition',
    text: 'Check-ins are closed.',
  },
  TOURNAMENT_NOT_REGISTERED: {
    code: 1242,
    connect: 'failed_precondition',
    text: 'You are not registered in this tournament.',
  },
  TOURNAMENT_REGISTRATION_CLOSED: {
    code: 1243,
    connect: 'failed_precondition',
    text: 'Registration is closed.',
  },
  TOURNAMENT_NOT_DIRECTOR: {
    code: 1244,
    connect: 'permission_denied',
    text: 'Only a director of this tournament can do that.',
  },
  TOURNAMENT_READ_ONLY_DIRECTOR: {
    code: 1245,
    connect: 'permission_denied',
    text: 'Read-only directors cannot do that.',
  },
  TOURNAMENT_CONTROLS_INVALID: { code: 1246, connect: 'invalid_argument', text: '$1' },
  TOURNAMENT_PAIRING_FAILED: {
    code: 1247,
    connect: 'failed_precondition',
    text: 'Pairing failed ($1): $2',
  },
  TOURNAMENT_FUTURE_ROUND_SCORE: {
    code: 1248,
    connect: 'failed_precondition',
    text: 'Scores cannot be entered for future rounds.',
  },
  TOURNAMENT_AMENDMENT_REQUIRED: {
    code: 1249,
    connect: 'failed_precondition',
    text: 'This game already has a score; turn on amendment to change it.',
  },
  TOURNAMENT_IRL_LOCKED: {
    code: 1250,
    connect: 'failed_precondition',
    text: 'IRL mode can be turned on but never off, and not for clubs.',
  },
  TOURNAMENT_NOT_PAIRED_MODE: {
    code: 1251,
    connect: 'failed_precondition',
    text: 'Clubs have no paired rounds.',
  },
  TOURNAMENT_NOT_IN_GAME: {
    code: 1252,
    connect: ['permission_denied', 'failed_precondition'],
    text: 'You are not playing in division $1, round $2.',
  },
  TOURNAMENT_ALREADY_REGISTERED: {
    code: 1253,
    connect: 'already_exists',
    text: 'You are already registered.',
  },
  TOURNAMENT_EXPORT_FORMAT: {
    code: 1254,
    connect: 'invalid_argument',
    text: 'Unknown export format $1.',
  },
  // §5 validation, word for word.
  TOURNAMENT_DIVISION_NAME_REQUIRED: {
    code: 1260,
    connect: 'invalid_argument',
    text: 'Please input division name',
  },
  TOURNAMENT_DIVISION_NAME_LENGTH: {
    code: 1261,
    connect: 'invalid_argument',
    text: 'Division names are 1 to 24 characters long.',
  },
  TOURNAMENT_MISSING_USERNAME: {
    code: 1262,
    connect: 'invalid_argument',
    text: 'Missing username',
  },
  TOURNAMENT_ADD_PLAYERS_FIRST: {
    code: 1263,
    connect: 'invalid_argument',
    text: 'Add some players first',
  },
  TOURNAMENT_PLAYER_ONE_REQUIRED: {
    code: 1264,
    connect: 'invalid_argument',
    text: 'Player 1 is required.',
  },
  TOURNAMENT_PLAYER_TWO_REQUIRED: {
    code: 1265,
    connect: 'invalid_argument',
    text: 'Player 2 is required.',
  },
  TOURNAMENT_SELF_PLAY_RESULT_REQUIRED: {
    code: 1266,
    connect: 'invalid_argument',
    text: 'Desired result for Player 1 is required.',
  },
  TOURNAMENT_ROUND_RANGE: {
    code: 1267,
    connect: 'invalid_argument',
    text: 'Round number must be between 1 and $1.',
  },
  TOURNAMENT_DIVISION_MISSING: {
    code: 1268,
    connect: 'invalid_argument',
    text: 'Division is missing',
  },
  TOURNAMENT_PLAYERS_DID_NOT_PLAY: {
    code: 1269,
    connect: 'invalid_argument',
    text: 'The selected players did not play in this round.',
  },
  TOURNAMENT_DIRECTOR_USERNAME_REQUIRED: {
    code: 1270,
    connect: 'invalid_argument',
    text: 'Username is required.',
  },
  TOURNAMENT_SUSPENDED_RESULT_REQUIRED: {
    code: 1271,
    connect: 'invalid_argument',
    text: 'Please select an option',
  },
  TOURNAMENT_SCORES_NUMERIC: {
    code: 1273,
    connect: 'invalid_argument',
    text: 'Scores must be numbers.',
  },
  TOURNAMENT_ONE_EXECUTIVE_DIRECTOR: {
    code: 1274,
    connect: 'invalid_argument',
    text: 'A tournament has exactly one executive director.',
  },
  TOURNAMENT_GAME_SETTINGS_INVALID: {
    code: 1275,
    connect: ['failed_precondition', 'invalid_argument'],
    text: 'Invalid game settings: $1',
  },
  TOURNAMENT_ANALYSIS_PRIVATE: {
    code: 1276,
    connect: 'failed_precondition',
    text: 'This tournament keeps analysis private: the game record opens when the game is over.',
  },
  TOURNAMENT_PLAYER_NAME_INVALID: {
    code: 1277,
    connect: 'invalid_argument',
    text: 'Player names are 1 to 40 characters, without ; or #, and do not end in a number: $1',
  },
  TOURNAMENT_CLASS_INVALID: {
    code: 1278,
    connect: 'invalid_argument',
    text: 'Classes are 1 to 8 letters or digits: $1',
  },
  TOURNAMENT_BOARD_INVALID: {
    code: 1279,
    connect: 'invalid_argument',
    text: 'Boards are numbered 1 to 9999: $1',
  },
  // Roles.
  ROLE_UNKNOWN: { code: 1070, connect: 'invalid_argument', text: 'Unknown role $1' },
  USER_UNKNOWN: { code: 1071, connect: 'not_found', text: 'User not found.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** One parameter of a catalogue text. */
export type ErrorParam = string | number;

/** One parameter per marker: a text with $1 and $2 takes two. */
type ParamsOf<T extends string, Acc extends ErrorParam[] = []> = T extends `${string}$${[
  ...Acc,
  ErrorParam,
]['length']}${string}`
  ? ParamsOf<T, [...Acc, ErrorParam]>
  : Acc;

/** The parameters a key's text takes, as a tuple. */
export type ErrorParams<K extends ErrorKey> = ParamsOf<(typeof ERRORS)[K]['text']>;

/** The Connect codes a key may be sent with. */
export type ConnectCodeOf<K extends ErrorKey> = Extract<
  (typeof ERRORS)[K]['connect'] extends readonly (infer One)[]
    ? One
    : (typeof ERRORS)[K]['connect'],
  ConnectCodeName
>;

/** A key's usual Connect code: its only one, or the first of its list. */
export function connectCode(key: ErrorKey): ConnectCodeName {
  const c: CatalogueEntry['connect'] = ERRORS[key].connect;
  return typeof c === 'string' ? c : c[0];
}

/** Whether a key may be sent with a Connect code. */
export function allowsConnectCode(key: ErrorKey, code: ConnectCodeName): boolean {
  const c: CatalogueEntry['connect'] = ERRORS[key].connect;
  return typeof c === 'string' ? c === code : c.includes(code);
}

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
