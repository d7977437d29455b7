import type { CatalogueEntry } from './catalogue-entry.ts';

/**
 * Collections and per-turn comments (docs/product/community.md §5, §8):
 * codes 1530-1559. Texts the spec quotes are kept word for word.
 */
export const COLLECTION_ERRORS = {
  COLLECTION_NOT_FOUND: { code: 1530, connect: 'not_found', text: 'Collection not found' },
  COLLECTION_NOT_OWNER: {
    code: 1531,
    connect: 'permission_denied',
    text: 'Only the creator of this collection can change it.',
  },
  COLLECTION_TITLE_REQUIRED: {
    code: 1532,
    connect: 'invalid_argument',
    text: 'Please enter a title',
  },
  COLLECTION_TITLE_TOO_LONG: {
    code: 1533,
    connect: 'invalid_argument',
    text: 'The title may have at most $1 characters.',
  },
  COLLECTION_DESCRIPTION_TOO_LONG: {
    code: 1534,
    connect: 'invalid_argument',
    text: 'The description may have at most $1 characters.',
  },
  CHAPTER_TITLE_EMPTY: {
    code: 1535,
    connect: 'invalid_argument',
    text: 'Chapter title cannot be empty',
  },
  CHAPTER_TITLE_TOO_LONG: {
    code: 1536,
    connect: 'invalid_argument',
    text: 'A chapter title may have at most $1 characters.',
  },
  COLLECTION_GAME_UNKNOWN: { code: 1537, connect: 'not_found', text: 'Game not found: $1' },
  COLLECTION_GAME_NOT_FINISHED: {
    code: 1538,
    connect: 'failed_precondition',
    text: 'Only a finished game can be added to a collection.',
  },
  COLLECTION_GAME_PRESENT: {
    code: 1539,
    connect: 'already_exists',
    text: 'This game is already in the collection.',
  },
  COLLECTION_GAME_ABSENT: {
    code: 1540,
    connect: 'not_found',
    text: 'This game is not in the collection.',
  },
  COLLECTION_REORDER_MISMATCH: {
    code: 1541,
    connect: 'failed_precondition',
    text: 'The chapters changed meanwhile; reload the collection and try again.',
  },
  COLLECTION_GAME_PRIVATE: {
    code: 1542,
    connect: 'permission_denied',
    text: 'This annotated game is private.',
  },
  COLLECTION_LOGIN_REQUIRED: {
    code: 1543,
    connect: 'unauthenticated',
    text: 'Please log in to manage collections.',
  },
  // Comments.
  COMMENT_LOGIN_REQUIRED: {
    code: 1550,
    connect: 'unauthenticated',
    text: 'Please log in to comment',
  },
  COMMENT_EMPTY: { code: 1551, connect: 'invalid_argument', text: 'A comment cannot be empty.' },
  COMMENT_TOO_LONG: {
    code: 1552,
    connect: 'invalid_argument',
    text: 'A comment may have at most $1 characters.',
  },
  COMMENT_MUTED: {
    code: 1553,
    connect: 'permission_denied',
    text: 'You are muted and cannot comment.',
  },
  COMMENT_NOT_FOUND: { code: 1554, connect: 'not_found', text: 'Comment not found' },
  COMMENT_NOT_AUTHOR: {
    code: 1555,
    connect: 'permission_denied',
    text: 'Only the author can change this comment.',
  },
  COMMENT_GAME_UNKNOWN: { code: 1556, connect: 'not_found', text: 'Game not found: $1' },
  COMMENT_GAME_PRIVATE: {
    code: 1557,
    connect: 'permission_denied',
    text: 'This annotated game is private.',
  },
  COMMENT_EVENT_OUT_OF_RANGE: {
    code: 1558,
    connect: 'invalid_argument',
    text: 'This game has no event $1.',
  },
  COMMENT_GAME_IN_PROGRESS: {
    code: 1559,
    connect: 'failed_precondition',
    text: 'Comments open once the game is over.',
  },
} as const satisfies Record<string, CatalogueEntry>;
