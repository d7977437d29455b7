import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.tsx';
import type { Person } from '../../stores/social-store.ts';

/**
 * The players whose name starts with `text` (the server's player search
 * merged with the players seen so far), asked `delayMs` after the last
 * keystroke. Undefined while the text is empty and until the first answer
 * for what was typed since; while a newer answer is on its way the last
 * one stays.
 */
export function usePlayerSearch(
  text: string,
  delayMs: number,
  limit: number,
): readonly Person[] | undefined {
  const { social } = useServices();
  const typed = text.trim();
  const prefix = useSettledText(typed, delayMs);
  const { data } = useQuery<readonly Person[] | null>({
    queryKey: ['autocomplete', 'getCompletion', prefix, limit],
    queryFn: () => social.complete(prefix, limit),
    enabled: prefix !== '',
    // Emptying the box shows no results, and the next search does not start from the old ones.
    initialData: prefix === '' ? null : undefined,
    placeholderData: keepPreviousData,
  });
  return typed === '' ? undefined : (data ?? undefined);
}

/** `text` once it has not changed for `delayMs`; emptying it counts at once. */
function useSettledText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState('');
  if (text === '' && settled !== '') setSettled('');
  useEffect(() => {
    if (text === settled) return;
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, settled, delayMs]);
  return text === '' ? '' : settled;
}
