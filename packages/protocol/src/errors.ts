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
  // Tournaments (docs/product/tournaments.md §5 and §8; decision 0096: the
  // spec's 1001-1104 region is taken in this catalogue, so they are 1200-1299).
  // §5 texts are word for word; §8 names conditions only, so those words are ours.
  TOURNAMENT_NOT_FOUND: { code: 1200, text: 'You tried to access a non-existing page.' },
  TOURNAMENT_NAME_REQUIRED: { code: 1201, text: 'You must enter a name for the tournament.' },
  TOURNAMENT_SLUG_INVALID: {
    code: 1202,
    text: 'The address must be /tournament/<name> or /club/<name> with letters, digits, - and _.',
  },
  TOURNAMENT_SLUG_TAKEN: { code: 1203, text: 'The address $1 is already taken.' },
  TOURNAMENT_ROUND_CONTROLS_NOT_SET: {
    code: 1204,
    text: 'Round controls have not been set for division $1.',
  },
  TOURNAMENT_ALREADY_STARTED: { code: 1205, text: 'The tournament has already started.' },
  TOURNAMENT_BYE_NOT_ALLOWED: { code: 1206, text: 'A bye cannot be assigned here: $1' },
  TOURNAMENT_PAIRING_NOT_FOUND: { code: 1207, text: 'There is no pairing for $1 in round $2.' },
  TOURNAMENT_PAIRING_CORRUPT: { code: 1208, text: 'The pairing for $1 in round $2 is corrupt.' },
  TOURNAMENT_PLAYER_EXISTS: { code: 1209, text: 'Player $1 is already in division $2.' },
  TOURNAMENT_ADD_IN_LAST_ROUND: { code: 1210, text: 'Players cannot be added in the last round.' },
  TOURNAMENT_PLAYER_ALREADY_REMOVED: { code: 1211, text: 'Player $1 has already been removed.' },
  TOURNAMENT_EMPTY_DIVISION: {
    code: 1212,
    text: 'Removing these players would leave division $1 empty.',
  },
  TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE: {
    code: 1213,
    text: 'Round $1 cannot be opened: $2 has no result in round $3. Assign a bye or forfeit with Set single pairing, or wait for or set the game result with Set game result.',
  },
  TOURNAMENT_ROUND_NOT_FULLY_PAIRED: {
    code: 1214,
    text: 'Round $1 cannot be opened: $2 is not paired. Assign a bye or forfeit with Set single pairing.',
  },
  TOURNAMENT_FINISHED: { code: 1215, text: 'The tournament is finished.' },
  TOURNAMENT_NOT_ENOUGH_PLAYERS: {
    code: 1216,
    text: 'The tournament cannot start unless each division has at least two players (division $1).',
  },
  TOURNAMENT_WRONG_ROUND: {
    code: 1217,
    text: 'You marked ready for round $1, but the current round is $2.',
  },
  TOURNAMENT_ALREADY_READY: { code: 1218, text: 'You are already marked ready.' },
  TOURNAMENT_NO_WINNER: { code: 1219, text: 'No winner or loser could be found for this result.' },
  TOURNAMENT_UNPAIRED_PLAYER: { code: 1220, text: 'Player $1 is unpaired in division $2.' },
  TOURNAMENT_SWISS_ZERO_REPEATS: {
    code: 1221,
    text: 'Swiss pairings are invalid when max repeats is zero and going over it is not allowed.',
  },
  TOURNAMENT_ZERO_GAMES_PER_ROUND: { code: 1222, text: 'Games per round cannot be zero.' },
  TOURNAMENT_NOT_STARTED: { code: 1223, text: 'The tournament has not started.' },
  TOURNAMENT_DIVISION_NOT_FOUND: { code: 1224, text: 'Division $1 does not exist.' },
  TOURNAMENT_DIVISION_AFTER_START: {
    code: 1225,
    text: 'Divisions cannot be added or removed after the tournament has started.',
  },
  TOURNAMENT_DIVISION_EXISTS: { code: 1226, text: 'Division $1 already exists.' },
  TOURNAMENT_DIVISION_HAS_PLAYERS: {
    code: 1227,
    text: 'Division $1 still has players; remove them first.',
  },
  TOURNAMENT_USER_NOT_FOUND: { code: 1228, text: 'User $1 not found.' },
  TOURNAMENT_DIRECTOR_EXISTS: { code: 1229, text: '$1 is already a director.' },
  TOURNAMENT_EXECUTIVE_DIRECTOR: { code: 1230, text: 'The executive director cannot be removed.' },
  TOURNAMENT_NO_DIVISIONS: { code: 1231, text: 'The tournament has no divisions.' },
  TOURNAMENT_GAME_CONTROLS_NOT_SET: {
    code: 1232,
    text: 'Game settings have not been set for division $1.',
  },
  TOURNAMENT_ROUND_NOT_CURRENT: {
    code: 1233,
    text: 'Round $1 cannot be started: the next round is $2.',
  },
  TOURNAMENT_ROUND_ALREADY_OPEN: {
    code: 1234,
    text: 'Round $1 is already open or over; its pairings cannot be changed this way.',
  },
  TOURNAMENT_DIVISION_NOT_FINISHED: {
    code: 1235,
    text: 'The tournament cannot be finished: division $1 is not finished.',
  },
  TOURNAMENT_TOGGLE_AFTER_START: {
    code: 1236,
    text: 'Check-ins and registration cannot be opened after the tournament has started.',
  },
  TOURNAMENT_START_WITH_TOGGLES_OPEN: {
    code: 1237,
    text: 'The tournament cannot start while check-ins or registration are open.',
  },
  TOURNAMENT_REMOVE_WHILE_CHECKINS_OPEN: {
    code: 1238,
    text: 'Unchecked-in players cannot be removed while check-ins are open.',
  },
  TOURNAMENT_NON_COP_AFTER_COP: {
    code: 1239,
    text: 'Non-COP pairings cannot follow COP pairings.',
  },
  TOURNAMENT_SCHEDULE_ORDER: {
    code: 1240,
    text: 'The scheduled start must be before the scheduled end.',
  },
  TOURNAMENT_CHECKINS_CLOSED: { code: 1241, text: 'Check-ins are closed.' },
  TOURNAMENT_NOT_REGISTERED: { code: 1242, text: 'You are not registered in this tournament.' },
  TOURNAMENT_REGISTRATION_CLOSED: { code: 1243, text: 'Registration is closed.' },
  TOURNAMENT_NOT_DIRECTOR: { code: 1244, text: 'Only a director of this tournament can do that.' },
  TOURNAMENT_READ_ONLY_DIRECTOR: { code: 1245, text: 'Read-only directors cannot do that.' },
  TOURNAMENT_CONTROLS_INVALID: { code: 1246, text: '$1' },
  TOURNAMENT_PAIRING_FAILED: { code: 1247, text: 'Pairing failed ($1): $2' },
  TOURNAMENT_FUTURE_ROUND_SCORE: {
    code: 1248,
    text: 'Scores cannot be entered for future rounds.',
  },
  TOURNAMENT_AMENDMENT_REQUIRED: {
    code: 1249,
    text: 'This game already has a score; turn on amendment to change it.',
  },
  TOURNAMENT_IRL_LOCKED: {
    code: 1250,
    text: 'IRL mode can be turned on but never off, and not for clubs.',
  },
  TOURNAMENT_NOT_PAIRED_MODE: { code: 1251, text: 'Clubs have no paired rounds.' },
  TOURNAMENT_NOT_IN_GAME: { code: 1252, text: 'You are not playing in division $1, round $2.' },
  TOURNAMENT_ALREADY_REGISTERED: { code: 1253, text: 'You are already registered.' },
  TOURNAMENT_EXPORT_FORMAT: { code: 1254, text: 'Unknown export format $1.' },
  // §5 validation, word for word.
  TOURNAMENT_DIVISION_NAME_REQUIRED: { code: 1260, text: 'Please input division name' },
  TOURNAMENT_DIVISION_NAME_LENGTH: {
    code: 1261,
    text: 'Division names are 1 to 24 characters long.',
  },
  TOURNAMENT_MISSING_USERNAME: { code: 1262, text: 'Missing username' },
  TOURNAMENT_ADD_PLAYERS_FIRST: { code: 1263, text: 'Add some players first' },
  TOURNAMENT_PLAYER_ONE_REQUIRED: { code: 1264, text: 'Player 1 is required.' },
  TOURNAMENT_PLAYER_TWO_REQUIRED: { code: 1265, text: 'Player 2 is required.' },
  TOURNAMENT_SELF_PLAY_RESULT_REQUIRED: {
    code: 1266,
    text: 'Desired result for Player 1 is required.',
  },
  TOURNAMENT_ROUND_RANGE: { code: 1267, text: 'Round number must be between 1 and $1.' },
  TOURNAMENT_DIVISION_MISSING: { code: 1268, text: 'Division is missing' },
  TOURNAMENT_PLAYERS_DID_NOT_PLAY: {
    code: 1269,
    text: 'The selected players did not play in this round.',
  },
  TOURNAMENT_DIRECTOR_USERNAME_REQUIRED: { code: 1270, text: 'Username is required.' },
  TOURNAMENT_SUSPENDED_RESULT_REQUIRED: { code: 1271, text: 'Please select an option' },
  TOURNAMENT_SCORES_NUMERIC: { code: 1273, text: 'Scores must be numbers.' },
  TOURNAMENT_ONE_EXECUTIVE_DIRECTOR: {
    code: 1274,
    text: 'A tournament has exactly one executive director.',
  },
  TOURNAMENT_GAME_SETTINGS_INVALID: { code: 1275, text: 'Invalid game settings: $1' },
  TOURNAMENT_ANALYSIS_PRIVATE: {
    code: 1276,
    text: 'This tournament keeps analysis private: the game record opens when the game is over.',
  },
  TOURNAMENT_PLAYER_NAME_INVALID: {
    code: 1277,
    text: 'Player names are 1 to 40 characters, without ; or #, and do not end in a number: $1',
  },
  TOURNAMENT_CLASS_INVALID: {
    code: 1278,
    text: 'Classes are 1 to 8 letters or digits: $1',
  },
  TOURNAMENT_BOARD_INVALID: { code: 1279, text: 'Boards are numbered 1 to 9999: $1' },
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
