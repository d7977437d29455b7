import type { CatalogueEntry } from './catalogue-entry.ts';

/** The catalogue's tournament keys, codes 1200-1399 (errors.ts merges the parts). */
export const TOURNAMENT_ERRORS = {
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
  // Issue 36: bounds on every input, so nothing is answered with a bare 500.
  TOURNAMENT_FIELD_TOO_LONG: {
    code: 1290,
    connect: 'invalid_argument',
    text: '$1 is at most $2 characters long.',
  },
  TOURNAMENT_LOG_RANGE: {
    code: 1291,
    connect: 'invalid_argument',
    text: 'The log is read from entry 0 on, 1 to $1 entries at a time.',
  },
  TOURNAMENT_TIME_INVALID: {
    code: 1292,
    connect: 'invalid_argument',
    text: 'Times must fall between the year 1970 and the year 9999.',
  },
  TOURNAMENT_DIVISION_FULL: {
    code: 1293,
    connect: 'failed_precondition',
    text: 'A division holds at most $1 players.',
  },
  TOURNAMENT_PAIRING_TIMEOUT: {
    code: 1294,
    connect: 'deadline_exceeded',
    text: 'Pairing took longer than $1 seconds and was stopped; try again or choose another pairing method.',
  },
  // Directors (issue 36, items 14-19).
  TOURNAMENT_EXPORT_DIVISION_REQUIRED: {
    code: 1255,
    connect: 'invalid_argument',
    text: 'A TSH file holds one division: choose the division to export.',
  },
  // Issue 36: results that stay put.
  TOURNAMENT_UNSTART_CONFIRM: {
    code: 1280,
    connect: 'failed_precondition',
    text: 'Unstarting deletes every pairing and result of this tournament: confirm it to go on.',
  },
  TOURNAMENT_NOTHING_TO_UNDO: {
    code: 1281,
    connect: 'failed_precondition',
    text: 'There is no unstart to undo: the tournament has started again or its players changed since.',
  },
  TOURNAMENT_DIVISION_NAME_CHARACTERS: {
    code: 1282,
    connect: 'invalid_argument',
    text: 'Division names cannot contain control or invisible characters.',
  },
  TOURNAMENT_PAIRING_TOO_EARLY: {
    code: 1283,
    connect: 'failed_precondition',
    text: 'Round $1 is paired from the results: it can be paired once round $2 has opened.',
  },
  // Issue 36, item 18: a player named in the wrong division is told where they play.
  TOURNAMENT_PLAYER_OTHER_DIVISION: {
    code: 1256,
    connect: 'failed_precondition',
    text: '$1 plays in division $2, not in division $3.',
  },
  // Issue 36, item 12: GetTournament by page.
  TOURNAMENT_PAGE_RANGE: {
    code: 1295,
    connect: 'invalid_argument',
    text: 'A page starts at 0 or later and holds 1 to $1 entries.',
  },
  TOURNAMENT_PAGE_ROUND: {
    code: 1296,
    connect: 'invalid_argument',
    text: 'Round $1 is not a round of division $2 (rounds 1 to $3).',
  },
  TOURNAMENT_PAGE_TOO_MANY_ROUNDS: {
    code: 1297,
    connect: 'invalid_argument',
    text: 'A page holds at most $1 rounds.',
  },
  // Issue 36, item 19: undo and restore from the log, and a player's own division (decision 0150).
  TOURNAMENT_UNDO_NOTHING: {
    code: 1310,
    connect: 'failed_precondition',
    text: 'There is no director action left to undo.',
  },
  TOURNAMENT_UNDO_CONFIRM: {
    code: 1311,
    connect: 'failed_precondition',
    text: 'This removes $1 result(s) entered since (the log keeps them): confirm it to go on.',
  },
  TOURNAMENT_UNDO_GAMES_IN_PROGRESS: {
    code: 1312,
    connect: 'failed_precondition',
    text: 'The game of $1 and $2 in round $3 is in progress: it must end before its round is undone.',
  },
  TOURNAMENT_RESTORE_ROUND: {
    code: 1313,
    connect: 'failed_precondition',
    text: 'Round $1 cannot be restored: the log has no state after it (round $2 never opened).',
  },
  TOURNAMENT_SAME_DIVISION: {
    code: 1314,
    connect: 'failed_precondition',
    text: 'You already play in division $1.',
  },
  // Issue 36, item 16: club sessions are child tournaments of their club.
  TOURNAMENT_NOT_A_CLUB: {
    code: 1305,
    connect: 'failed_precondition',
    text: 'Sessions belong to clubs, and this is not a club.',
  },
  TOURNAMENT_SESSION_OF_SESSION: {
    code: 1306,
    connect: 'failed_precondition',
    text: 'This is a club session: start the next session from its club.',
  },
  // Issue 36, item 18: logos come from the operator's image hosts (decision 0149).
  TOURNAMENT_LOGO_URL: {
    code: 1307,
    connect: 'invalid_argument',
    text: 'A logo is the https address of an image.',
  },
  TOURNAMENT_LOGO_HOST: {
    code: 1308,
    connect: 'invalid_argument',
    text: 'Logos are shown from $1 only: put the image there, or ask the site operator to allow its host.',
  },
  // Issue 36, item 19: printouts and pasted player lists.
  TOURNAMENT_PRINTOUT_KIND: {
    code: 1315,
    connect: 'invalid_argument',
    text: 'Choose what to print: pairings, the wall chart or the kiosk links.',
  },
  TOURNAMENT_PRINTOUT_NOT_PAIRED: {
    code: 1316,
    connect: 'failed_precondition',
    text: 'Round $1 of division $2 is not paired yet: there are no pairings to print.',
  },
  TOURNAMENT_PRINTOUT_NO_PLAYERS: {
    code: 1317,
    connect: 'failed_precondition',
    text: 'There are no players to print.',
  },
  TOURNAMENT_PLAYER_LISTED_TWICE: {
    code: 1318,
    connect: 'invalid_argument',
    text: '$1 is listed twice.',
  },
  TOURNAMENT_RATING_RANGE: {
    code: 1319,
    connect: 'invalid_argument',
    text: 'Ratings are whole numbers from 0 to $1; $2 has $3.',
  },
} as const satisfies Record<string, CatalogueEntry>;
