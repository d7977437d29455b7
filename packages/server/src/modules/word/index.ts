import { DEFAULT_LEXICON } from '@tessera/lexica';
import type { LexiconApi } from '../lexicon/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import { serveLexiconGraphs } from './graphs.ts';
import { wordRoutes } from './service.ts';
import { WordNet } from './wordnet.ts';

export { graphUrl } from './graphs.ts';

/** WordService (lexicon list, word checks, definitions, anagrams) and the lexicon graph downloads. */
export function createWordModule(deps: { lexicons: LexiconApi }): ModuleParts {
  const module: ServerModule = {
    name: 'word',
    routes: (router) =>
      wordRoutes(router, {
        lexicons: deps.lexicons,
        wordnet: new WordNet(),
        defaultLexicon: DEFAULT_LEXICON,
      }),
    http: (app) => serveLexiconGraphs(app, deps.lexicons),
  };
  return { module, api: undefined };
}
