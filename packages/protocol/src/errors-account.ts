import type { CatalogueEntry } from './catalogue-entry.ts';

/**
 * The catalogue's keys for linked integrations (docs/product/community.md
 * §4.7): codes 1168-1169 and 1180-1189 (errors.ts merges the parts).
 */
export const ACCOUNT_ERRORS = {
  INTEGRATION_PROVIDER_UNKNOWN: {
    code: 1168,
    connect: 'invalid_argument',
    text: 'There is no integration called $1.',
  },
  INTEGRATION_NOT_CONFIGURED: {
    code: 1169,
    connect: 'failed_precondition',
    text: 'The $1 integration is not set up on this site.',
  },
  INTEGRATION_STATE_INVALID: {
    code: 1180,
    connect: 'invalid_argument',
    text: 'This link request is not one this site made; please start linking again.',
  },
  INTEGRATION_CSRF_MISMATCH: {
    code: 1181,
    connect: 'permission_denied',
    text: 'This link request was started elsewhere or has expired; please start linking again.',
  },
  INTEGRATION_PROVIDER_REFUSED: {
    code: 1182,
    connect: 'unavailable',
    text: '$1 refused the link: $2',
  },
  INTEGRATION_DECLINED: {
    code: 1183,
    connect: 'failed_precondition',
    text: 'Linking was cancelled at $1.',
  },
  INTEGRATION_UNKNOWN: {
    code: 1184,
    connect: 'not_found',
    text: 'That integration is not linked to your account.',
  },
  INTEGRATION_ACCOUNT_TAKEN: {
    code: 1185,
    connect: 'already_exists',
    text: 'That $1 account is already linked to another player.',
  },
  INTEGRATION_REDIRECT_INVALID: {
    code: 1186,
    connect: 'invalid_argument',
    text: 'The page to return to must be a page of this site.',
  },
  INTEGRATION_CODE_MISSING: {
    code: 1187,
    connect: 'invalid_argument',
    text: 'The provider sent no authorization code.',
  },
} as const satisfies Record<string, CatalogueEntry>;
