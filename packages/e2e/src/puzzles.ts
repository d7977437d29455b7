import { DEFAULT_LEXICON } from '@tessera/lexica';
import type { AppServer } from './app-server.ts';

/** The lexicon the browser tests' puzzles are generated in (the e2e server offers it). */
export const PUZZLE_LEXICON = DEFAULT_LEXICON;

const seeded = new WeakSet<object>();

/**
 * Generates a few puzzles with the server's own generator (bot-versus-bot
 * games, a fixed seed, no simulation check), waiting until they are stored.
 * Once per server.
 */
export async function seedPuzzles(server: AppServer): Promise<void> {
  if (seeded.has(server)) return;
  const r = await server.services.puzzles.generateNow({
    botVsBot: true,
    lexicon: PUZZLE_LEXICON,
    letterDistribution: 'english',
    gameCreationLimit: 3,
    buckets: [{ size: 3 }],
    seed: 29,
    // The simulation check makes better puzzles but takes minutes; the test needs real ones fast.
    simulate: false,
  });
  if (r.puzzlesCreated === 0) throw new Error('the generator made no puzzles');
  seeded.add(server);
}
