import { useMemo } from 'react';
import { errorText } from './errors.ts';

/**
 * The text to show for a failed query or mutation ('' when there is no
 * error), worked out once per error so an unexpected one is logged once
 * rather than on every render.
 */
export function useErrorText(error: unknown): string {
  return useMemo(() => (error == null ? '' : errorText(error)), [error]);
}
