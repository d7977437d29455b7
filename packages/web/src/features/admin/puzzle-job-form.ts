import { PuzzleTag } from '@tessera/protocol';

/**
 * The Puzzle Generator's form as plain data (docs/product/community.md §2.6,
 * §3 "Puzzle generation job", defaults in §9), checked before it is sent.
 */
export interface BucketForm {
  size: string;
  includes: PuzzleTag[];
  excludes: PuzzleTag[];
}

export interface PuzzleJobForm {
  secretKey: string;
  botVsBot: boolean;
  lexicon: string;
  letterDistribution: string;
  gameConsiderationLimit: string;
  gameCreationLimit: string;
  avoidBotGames: boolean;
  daysPerChunk: string;
  equityLossTotalLimit: string;
  startDate: string;
  buckets: BucketForm[];
}

export const MISSING_BUCKET_SIZE = 'Missing bucket size';

/** §9: the distributions the generator offers. */
export const JOB_DISTRIBUTIONS = [
  'english',
  'french',
  'german',
  'norwegian',
  'catalan',
  'spanish',
] as const;

export function defaultJobForm(lexicon = 'CSW24'): PuzzleJobForm {
  return {
    secretKey: '',
    botVsBot: true,
    lexicon,
    letterDistribution: 'english',
    gameConsiderationLimit: '6000',
    gameCreationLimit: '',
    avoidBotGames: false,
    daysPerChunk: '1',
    equityLossTotalLimit: '150',
    startDate: '',
    buckets: [{ size: '', includes: [PuzzleTag.EQUITY], excludes: [] }],
  };
}

/** Field → message for what is wrong; empty when the form can be sent. */
export function jobFormErrors(f: PuzzleJobForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!f.lexicon) errors.lexicon = 'Missing lexicon';
  const whole = (s: string) => /^\d+$/.test(s.trim());
  if (!whole(f.gameConsiderationLimit)) errors.gameConsiderationLimit = 'Enter a whole number';
  if (f.gameCreationLimit.trim() && !whole(f.gameCreationLimit))
    errors.gameCreationLimit = 'Enter a whole number';
  if (!whole(f.daysPerChunk) || Number(f.daysPerChunk) < 1)
    errors.daysPerChunk = 'Enter a whole number of days, at least 1';
  if (!whole(f.equityLossTotalLimit)) errors.equityLossTotalLimit = 'Enter a whole number';
  if (f.startDate && !/^\d{4}-\d{2}-\d{2}$/.test(f.startDate))
    errors.startDate = 'Use the form YYYY-MM-DD';
  if (f.buckets.length === 0) errors.buckets = 'Add a bucket';
  f.buckets.forEach((b, i) => {
    if (!b.size.trim()) errors[`bucket${i}`] = MISSING_BUCKET_SIZE;
    else if (!whole(b.size) || Number(b.size) < 1)
      errors[`bucket${i}`] = 'A bucket size is a whole number, at least 1';
  });
  return errors;
}

/** The form as the StartPuzzleGenJob request (once jobFormErrors found nothing). */
export function jobRequest(f: PuzzleJobForm) {
  return {
    secretKey: f.secretKey,
    request: {
      botVsBot: f.botVsBot,
      lexicon: f.lexicon,
      letterDistribution: f.letterDistribution,
      gameConsiderationLimit: Number(f.gameConsiderationLimit),
      gameCreationLimit: f.gameCreationLimit.trim() ? Number(f.gameCreationLimit) : 0,
      avoidBotGames: f.avoidBotGames,
      daysPerChunk: Number(f.daysPerChunk),
      equityLossTotalLimit: Number(f.equityLossTotalLimit),
      startDate: f.startDate,
      buckets: f.buckets.map((b) => ({
        size: Number(b.size),
        includes: b.includes,
        excludes: b.excludes,
      })),
    },
  };
}
