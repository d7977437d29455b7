import { DEFAULT_LEXICON } from '@tessera/lexica';
import type { AppServer } from './app-server.ts';

/** The lexicon the browser tests' puzzles are generated in (the e2e server offers it). */
export const PUZZLE_LEXICON = DEFAULT_LEXICON;

/**
 * Generates a few puzzles with the server's own generator (bot-versus-bot
 * games, a fixed seed), waiting until they are stored. Once per server.
 */
const seeded = new WeakSet<object>();
export async function seedPuzzles(server: AppServer): Promise<void> {
  if (seeded.has(server)) return;
  const r = await server.services.puzzles.generateNow({
    botVsBot: true,
    lexicon: PUZZLE_LEXICON,
    letterDistribution: 'english',
    gameCreationLimit: 3,
    buckets: [{ size: 3 }],
    seed: 29,
  });
  if (r.puzzlesCreated === 0) throw new Error('the generator made no puzzles');
  seeded.add(server);
}
