import type { Services } from '../../../app/services.tsx';
import { lexiconsQuery } from '../../../rpc/queries.ts';

/**
 * Where the browser fetches a lexicon's compiled graph (WordService.GetLexicons'
 * graphUrl, from the same cached answer the seek forms use); the conventional
 * path when the list cannot be had.
 */
export async function graphUrlFor(
  { api, queries }: Pick<Services, 'api' | 'queries'>,
  lexicon: string,
): Promise<string> {
  const fallback = `/lexica/${encodeURIComponent(lexicon)}.tlx`;
  try {
    const { lexicons } = await queries.fetchQuery(lexiconsQuery(api));
    const name = lexicon.toUpperCase();
    return lexicons.find((l) => l.name.toUpperCase() === name)?.graphUrl || fallback;
  } catch {
    return fallback;
  }
}
