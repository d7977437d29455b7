import { useMemo } from 'react';
import { useSession } from '../../app/services.tsx';
import type { Person } from '../../stores/social-store.ts';
import { usePlayerSearch } from './use-player-search.ts';

/**
 * Players whose name starts with `text` (the server's player search),
 * asked `delayMs` after the last keystroke; never the user themself.
 */
export function usePlayerSuggestions(text: string, delayMs: number, limit = 10): readonly Person[] {
  const { userId } = useSession();
  const found = usePlayerSearch(text, delayMs, limit);
  return useMemo(() => (found ?? []).filter((p) => p.uuid !== userId), [found, userId]);
}
