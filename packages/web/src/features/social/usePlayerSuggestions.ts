import { useEffect, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import type { Person } from './social-store.ts';

/**
 * Players whose name starts with `text` (the server's player search),
 * asked `delayMs` after the last keystroke; never the user themself.
 */
export function usePlayerSuggestions(text: string, delayMs: number, limit = 10): Person[] {
  const { social } = useServices();
  const session = useSession();
  const [found, setFound] = useState<Person[]>([]);
  useEffect(() => {
    if (!text.trim()) {
      setFound([]);
      return;
    }
    let stale = false;
    const t = setTimeout(() => {
      void social.complete(text, limit).then((people) => {
        if (!stale) setFound(people.filter((p) => p.uuid !== session.userId));
      });
    }, delayMs);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [text, delayMs, limit, social, session.userId]);
  return found;
}
