import type { ConnectRouter } from '@connectrpc/connect';
import { formatWord, tokenizeWord } from '@tessera/engine';
import { WordService, refuse } from '@tessera/protocol';
import { type LexiconApi as Lexicons, voidOnly } from '../lexicon/index.ts';
import { graphUrl } from './graphs.ts';
import type { WordNet } from './wordnet.ts';

/** Words per DefineWords call, and anagrams listed per word. */
export const MAX_DEFINE_WORDS = 50;
const MAX_ANAGRAMS = 50;
const MAX_WORD_LENGTH = 21;

export function wordRoutes(
  router: ConnectRouter,
  d: { lexicons: Lexicons; wordnet: WordNet; defaultLexicon: string },
) {
  router.service(WordService, {
    async getLexicons() {
      return {
        defaultLexicon: d.defaultLexicon,
        building: d.lexicons.building(),
        lexicons: d.lexicons.list().map((l) => ({
          name: l.name,
          words: l.words,
          letterDistribution: l.letterDistribution,
          source: l.source,
          license: l.license,
          description: l.description,
          voidOnly: voidOnly(l.name),
          graphUrl: graphUrl(l.name, l.hash),
        })),
      };
    },

    async defineWords(req) {
      const name = d.lexicons.resolve(req.lexicon);
      const lexicon = name ? d.lexicons.lexicon(name) : undefined;
      if (!name || !lexicon)
        throw refuse('LEXICON_UNAVAILABLE', req.lexicon.slice(0, 40)).as('not_found');
      if (req.words.length > MAX_DEFINE_WORDS) {
        throw refuse('INVALID_REQUEST', `at most ${MAX_DEFINE_WORDS} words`);
      }
      const english = lexicon.letterSet === 'english' || lexicon.letterSet === 'english_super';
      const results: Record<string, { valid: boolean; definition: string; anagrams: string[] }> =
        {};
      for (const raw of req.words) {
        const word = raw.trim().slice(0, MAX_WORD_LENGTH * 3);
        const tiles = tokenizeWord(lexicon.letterSet, word);
        const valid = !!tiles && tiles.length <= MAX_WORD_LENGTH && lexicon.has(tiles);
        results[word.toUpperCase()] = {
          valid,
          definition: valid && req.definitions && english ? d.wordnet.define(word) : '',
          anagrams:
            req.anagrams && tiles && tiles.length <= MAX_WORD_LENGTH
              ? lexicon
                  .anagrams(tiles, { mode: 'full', limit: MAX_ANAGRAMS })
                  .map((w) => formatWord(lexicon.letterSet, w))
              : [],
        };
      }
      return { results };
    },
  });
}
