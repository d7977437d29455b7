import { useSyncExternalStore } from 'react';
import { preferences, type Preferences } from './preferences.ts';

/**
 * The local preferences, re-rendering when any of them changes (here or in
 * another tab). Change them with `setPreferences(patch)`.
 */
export function usePreferences(): Preferences {
  return useSyncExternalStore(preferences.subscribe, preferences.getSnapshot);
}

export { setPreferences, type Preferences } from './preferences.ts';
