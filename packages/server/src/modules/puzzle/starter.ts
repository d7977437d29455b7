import { letterSetForLexicon } from '@tessera/engine';
import type { JobRequest } from './job-request.ts';

/** Puzzles a fresh install generates for its default lexicon. */
export const STARTER_BINGOS = 60;
export const STARTER_OTHERS = 140;

/**
 * The starter job for a lexicon (decision 0092): bot-versus-bot games until
 * 60 bingo and 140 other puzzles are stored, without the simulation check. Its id is fixed, so processes
 * starting together on one empty database create it once.
 */
export function starterJob(lexicon: string): { id: string; request: JobRequest } {
  return {
    id: `starter-${lexicon}`,
    request: {
      botVsBot: true,
      lexicon,
      letterDistribution: letterSetForLexicon(lexicon),
      gameConsiderationLimit: 3000,
      gameCreationLimit: STARTER_BINGOS + STARTER_OTHERS,
      avoidBotGames: false,
      daysPerChunk: 1,
      equityLossTotalLimit: 150,
      startDate: '',
      buckets: [
        { size: STARTER_BINGOS, includes: ['BINGO'], excludes: [] },
        { size: STARTER_OTHERS, includes: ['NON_BINGO'], excludes: [] },
      ],
      // Statically clear answers only: the set is ready in minutes, not hours.
      simulate: false,
    },
  };
}
