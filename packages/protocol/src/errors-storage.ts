import type { CatalogueEntry } from './catalogue-entry.ts';

/** The catalogue's storage and operations keys, codes 1170-1179 (errors.ts merges the parts). */
export const STORAGE_ERRORS = {
  // The operators' metrics endpoint (METRICS_TOKEN).
  METRICS_TOKEN_REQUIRED: {
    code: 1170,
    connect: 'unauthenticated',
    text: 'The metrics need the operator token.',
  },
  // A group commit that failed: every change of the batch is refused, none stored.
  CHANGE_NOT_SAVED: {
    code: 1171,
    connect: 'unavailable',
    text: 'Something went wrong saving your move; nothing was changed. Please try again.',
  },
} as const satisfies Record<string, CatalogueEntry>;
