import { useQuery } from '@tanstack/react-query';
import { Lexicon } from '@tessera/engine';
import { useServices } from '../../app/services.tsx';
import { graphUrlFor } from '../game/index.ts';

/**
 * A lexicon's compiled graph, downloaded once per session from the address
 * the analyzer uses and read in the page (the drills' queries are cheap).
 */
export function useStudyLexicon(name: string) {
  const services = useServices();
  return useQuery({
    queryKey: ['study-lexicon', name],
    enabled: name !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async () => {
      const url = await graphUrlFor(services, name);
      const r = await fetch(url, { credentials: 'same-origin' });
      if (!r.ok) throw new Error(`The word list could not be loaded (${r.status}).`);
      return Lexicon.fromBytes(await r.arrayBuffer());
    },
  });
}
