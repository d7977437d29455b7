import type { CatalogueEntry } from './catalogue-entry.ts';

/**
 * The catalogue's admin-console keys, codes 1430-1449 (errors.ts merges the
 * parts): announcements, user details, roles and badges
 * (docs/product/community.md §2.6, §5 "Admin"). The announcement texts are the
 * spec's, word for word; the others are ours.
 */
export const ADMIN_ERRORS = {
  ANNOUNCEMENT_MISSING_TITLE: { code: 1430, connect: 'invalid_argument', text: 'Missing title' },
  ANNOUNCEMENT_MISSING_LINK: { code: 1431, connect: 'invalid_argument', text: 'Missing link' },
  ANNOUNCEMENT_MISSING_BODY: { code: 1432, connect: 'invalid_argument', text: 'Missing body' },
  ANNOUNCEMENT_TOO_MANY: {
    code: 1433,
    connect: 'invalid_argument',
    text: 'There can be at most $1 announcements.',
  },
  ANNOUNCEMENT_TOO_LONG: {
    code: 1434,
    connect: 'invalid_argument',
    text: 'Announcement $1: the $2 is longer than $3 characters.',
  },
  ANNOUNCEMENT_LINK_INVALID: {
    code: 1435,
    connect: 'invalid_argument',
    text: 'Announcement $1: the link must be an http(s) address or a path on this site.',
  },
  BADGE_UNKNOWN: { code: 1436, connect: 'invalid_argument', text: 'Unknown badge $1' },
  USER_DETAILS_QUERY_MISSING: {
    code: 1437,
    connect: 'invalid_argument',
    text: 'Enter a username or part of an e-mail address.',
  },
  EMAIL_SEARCH_TOO_SHORT: {
    code: 1438,
    connect: 'invalid_argument',
    text: 'Enter at least $1 characters of the e-mail address.',
  },
  ROLE_ALREADY_HELD: {
    code: 1439,
    connect: 'already_exists',
    text: '$1 already has the role $2.',
  },
  ROLE_NOT_HELD: { code: 1440, connect: 'not_found', text: '$1 does not have the role $2.' },
  BADGE_ALREADY_HELD: {
    code: 1441,
    connect: 'already_exists',
    text: '$1 already has the badge $2.',
  },
  BADGE_NOT_HELD: { code: 1442, connect: 'not_found', text: '$1 does not have the badge $2.' },
  ROLE_OWN_ADMIN: {
    code: 1443,
    connect: 'failed_precondition',
    text: 'You cannot remove your own Admin role; ask another administrator.',
  },
} as const satisfies Record<string, CatalogueEntry>;
