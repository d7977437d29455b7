import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from '../../../rpc/clients.ts';

export interface Definition {
  word: string;
  valid: boolean;
  definition: string;
}

/** The word as the server looks it up: tiles in capitals, played-through squares filled. */
export function lookupWord(word: string): string {
  return word.toUpperCase();
}

/**
 * Word definitions from WordService.DefineWords, remembered per lexicon and
 * word for the life of the page. Requests go one at a time, in order
 * (docs/product/gameplay.md §7: "called sequentially"), so hovering down a long
 * score card does not fire a burst of calls.
 */
export class Definitions {
  private readonly known = new Map<string, Promise<Definition>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly word: ApiClients['word']) {}

  define(lexicon: string, words: readonly string[]): Promise<Definition[]> {
    const wanted = [...new Set(words.map(lookupWord).filter(Boolean))];
    const missing = wanted.filter((w) => !this.known.has(`${lexicon}:${w}`));
    if (missing.length) {
      const batch = this.queue.then(() =>
        this.word.defineWords({ lexicon, words: missing, definitions: true }),
      );
      this.queue = batch.catch(() => undefined);
      for (const w of missing) {
        const key = `${lexicon}:${w}`;
        const one = batch.then((r) => {
          const hit = r.results[w];
          return { word: w, valid: !!hit?.valid, definition: hit?.definition ?? '' };
        });
        // A failed look-up is forgotten, so hovering again asks again.
        one.catch(() => this.known.delete(key));
        this.known.set(key, one);
      }
    }
    return Promise.all(wanted.map((w) => this.known.get(`${lexicon}:${w}`)!));
  }
}

const perClient = new WeakMap<ApiClients['word'], Definitions>();

/** The page's one definitions cache for a word client. */
export function definitionsFor(word: ApiClients['word']): Definitions {
  let d = perClient.get(word);
  if (!d) {
    d = new Definitions(word);
    perClient.set(word, d);
  }
  return d;
}

/** The definitions of the words one hovered play formed, through the page's sequential look-ups. */
export const definitionsQuery = (
  word: ApiClients['word'],
  lexicon: string,
  words: readonly string[],
) =>
  queryOptions({
    queryKey: ['word', 'defineWords', lexicon, words.join(',')],
    queryFn: () => definitionsFor(word).define(lexicon, words),
    staleTime: Infinity,
  });
