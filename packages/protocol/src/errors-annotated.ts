import type { CatalogueEntry } from './catalogue-entry.ts';

/**
 * The catalogue's keys for annotated games and their editor (codes 1500-1529;
 * docs/product/community.md §5 "Annotated games"). errors.ts merges the parts.
 */
export const ANNOTATED_ERRORS = {
  ANNO_NOT_FOUND: { code: 1500, connect: 'not_found', text: 'Annotated game not found.' },
  ANNO_NOT_CREATOR: {
    code: 1501,
    connect: 'permission_denied',
    text: 'Only the creator of this annotated game may change it.',
  },
  ANNO_PRIVATE: {
    code: 1502,
    connect: 'permission_denied',
    text: 'This annotated game is private.',
  },
  ANNO_PLAYER_NAME_REQUIRED: {
    code: 1503,
    connect: 'invalid_argument',
    text: 'Player name is required',
  },
  ANNO_PLAYER_NAME_TOO_LONG: {
    code: 1504,
    connect: 'invalid_argument',
    text: 'A player name may have at most $1 characters.',
  },
  ANNO_LEXICON_REQUIRED: { code: 1505, connect: 'invalid_argument', text: 'Lexicon is required' },
  ANNO_CHALLENGE_RULE_REQUIRED: {
    code: 1506,
    connect: 'invalid_argument',
    text: 'Challenge rule is required',
  },
  ANNO_DESCRIPTION_TOO_LONG: {
    code: 1507,
    connect: 'invalid_argument',
    text: 'The description may have at most $1 characters.',
  },
  ANNO_GCG_REQUIRED: {
    code: 1508,
    connect: 'invalid_argument',
    text: 'Please upload a valid gcg file',
  },
  ANNO_GCG_UNPLAYABLE: {
    code: 1509,
    connect: 'invalid_argument',
    text: 'The gcg file cannot be replayed: $1',
  },
  ANNO_RACK_TOO_LONG: {
    code: 1510,
    connect: 'invalid_argument',
    text: 'A rack holds at most $1 tiles; $2 has $3.',
  },
  ANNO_TILES_UNAVAILABLE: {
    code: 1511,
    connect: 'failed_precondition',
    text: 'Those tiles are no longer in the bag: $1',
  },
  ANNO_EXCHANGE_BAG_TOO_SMALL: {
    code: 1512,
    connect: 'failed_precondition',
    text: 'No exchange with fewer than $1 tiles in the bag; it holds $2.',
  },
  ANNO_EXCHANGE_PLACES_TILES: {
    code: 1513,
    connect: 'invalid_argument',
    text: 'An exchange cannot place tiles on the board.',
  },
  ANNO_AMENDMENT_BREAKS: {
    code: 1514,
    connect: 'failed_precondition',
    text: 'That change breaks event $1 ($2): $3',
  },
  ANNO_ILLEGAL_EVENT: {
    code: 1515,
    connect: 'failed_precondition',
    text: 'That event is not legal here: $1',
  },
  ANNO_BAD_EVENT_NUMBER: {
    code: 1516,
    connect: 'invalid_argument',
    text: 'There is no event $1 in this game.',
  },
  ANNO_BAD_RACK: { code: 1517, connect: 'invalid_argument', text: 'That rack is not valid: $1' },
  ANNO_BAD_DOCUMENT: {
    code: 1518,
    connect: 'invalid_argument',
    text: 'The game document is not valid: $1',
  },
  ANNO_NOTE_TOO_LONG: {
    code: 1519,
    connect: 'invalid_argument',
    text: 'A note may have at most $1 characters.',
  },
  ANNO_UNKNOWN_LEXICON: {
    code: 1520,
    connect: 'invalid_argument',
    text: 'Lexicon $1 cannot be used for annotated games.',
  },
  ANNO_UNKNOWN_CHALLENGE_RULE: {
    code: 1521,
    connect: 'invalid_argument',
    text: 'Challenge rule $1 is not offered for annotated games.',
  },
  ANNO_BAD_PLAYER_NAME: {
    code: 1522,
    connect: 'invalid_argument',
    text: 'A player name cannot contain $1.',
  },
  ANNO_SAME_PLAYER_NAMES: {
    code: 1523,
    connect: 'invalid_argument',
    text: 'The two players need different names.',
  },
  ANNO_LOGIN_REQUIRED: {
    code: 1524,
    connect: 'unauthenticated',
    text: 'Log in to create or edit annotated games.',
  },
} as const satisfies Record<string, CatalogueEntry>;
