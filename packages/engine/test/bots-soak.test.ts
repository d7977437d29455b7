import { describe, expect, it } from 'vitest';
import { BOT_KINDS, type BotKind } from '../src/bots/kinds.ts';
import type { LetterSetName } from '../src/tiles/letter-sets.ts';
import { englishWords, spanishWords } from './movegen-helpers.ts';
import { hunspellStems, playUnderRules, resources } from './bots-helpers.ts';

/** TESSERA_SOAK=1 plays 1,960 games (every kind, every letter set; about 10 minutes); the default run about a dozen. */
const SOAK = process.env.TESSERA_SOAK === '1';

const english = englishWords(20, true);
const SETS: [LetterSetName, () => Uint8Array[]][] = [
  ['english', () => english],
  ['english_super', () => english],
  ['spanish', () => spanishWords(6000)],
  ['french', () => hunspellStems('dictionary-fr', 'french')],
  ['german', () => hunspellStems('dictionary-de', 'german')],
  ['polish', () => hunspellStems('dictionary-pl', 'polish')],
  ['catalan', () => hunspellStems('dictionary-ca', 'catalan')],
  ['norwegian', () => hunspellStems('dictionary-nb', 'norwegian')],
];

describe('bots never play an illegal move or hang', () => {
  for (const [name, words] of SETS) {
    it(`${name}: every bot kind plays whole games under the rules`, () => {
      const res = resources(name, words(), name === 'english' ? englishWords(10) : null);
      const kinds = BOT_KINDS.filter((k) => res.common || !k.startsWith('common'));
      const rounds = SOAK ? (name === 'english' ? 40 : 20) : 1;
      let games = 0;
      for (let r = 0; r < rounds; r++) {
        kinds.forEach((k, i) => {
          // Default run: one or two games per letter set, rotating through the kinds.
          if (
            !SOAK &&
            i !== name.length % kinds.length &&
            (name === 'english_super' || i !== (name.length * 3) % kinds.length)
          )
            return;
          const opponent: BotKind = kinds[(i + 3 + r) % kinds.length];
          const { g } = playUnderRules(res, [k, opponent], 1000 * r + i + 1);
          expect(g.playState).toBe('GAME_OVER');
          games++;
        });
      }
      expect(games).toBeGreaterThan(0);
      if (SOAK) console.log(`${name}: ${games} games`);
    }, 1_200_000);
  }
});
