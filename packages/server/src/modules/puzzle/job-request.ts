import { isLetterSetName, type LetterSetName } from '@tessera/engine';
import {
  type PuzzleGenerationRequest,
  type PuzzleGenerationRequestSchema,
  PuzzleTag,
  refuse,
} from '@tessera/protocol';
import type { MessageInitShape } from '@bufbuild/protobuf';

/** docs/product/community.md §9 "Puzzle generation defaults". */
export const JOB_DEFAULTS = {
  letterDistribution: 'english' as LetterSetName,
  gameConsiderationLimit: 6000,
  equityLossTotalLimit: 150,
  daysPerChunk: 1,
};
/** The letter distributions a job may name (community.md §9). */
export const JOB_DISTRIBUTIONS: readonly LetterSetName[] = [
  'english',
  'french',
  'german',
  'norwegian',
  'catalan',
  'spanish',
];
const MAX_CONSIDERATION = 1_000_000;
const MAX_PUZZLES = 100_000;
const MAX_BUCKETS = 20;
const MAX_DAYS_PER_CHUNK = 366;

export interface Bucket {
  size: number;
  includes: string[];
  excludes: string[];
}

/** A validated job request, as stored in puzzle_jobs.request (JSON). */
export interface JobRequest {
  botVsBot: boolean;
  lexicon: string;
  letterDistribution: LetterSetName;
  gameConsiderationLimit: number;
  /** Puzzles kept at most (the buckets' total when not given). */
  gameCreationLimit: number;
  avoidBotGames: boolean;
  daysPerChunk: number;
  equityLossTotalLimit: number;
  /** ISO date (YYYY-MM-DD); stored games ended on or after it. */
  startDate: string;
  buckets: Bucket[];
  /**
   * Check close answers by simulation (the finder's default). Jobs from the
   * admin form always do; the starter set and tests may turn it off, as it
   * costs 5-7 CPU seconds per bot game (docs/PERFORMANCE.md, "Puzzles").
   */
  simulate?: boolean;
}

/** A tag enum value as the engine's name, or PUZZLE_TAG_INVALID. */
export function tagName(t: number): string {
  const name = PuzzleTag[t];
  if (t === PuzzleTag.UNSPECIFIED || typeof name !== 'string')
    throw refuse('PUZZLE_TAG_INVALID', t);
  return name;
}

export const tagValue = (name: string): PuzzleTag =>
  (PuzzleTag as unknown as Record<string, PuzzleTag>)[name] ?? PuzzleTag.UNSPECIFIED;

const invalid = (why: string) => refuse('PUZZLE_JOB_INVALID', why);

/**
 * Reads a generation request: fills the defaults of community.md §9 and
 * refuses what cannot run. `resolveLexicon` gives the canonical name of a
 * lexicon this server has, or undefined (PUZZLE_LEXICON_UNAVAILABLE).
 */
export function readJobRequest(
  r: PuzzleGenerationRequest,
  resolveLexicon: (name: string) => string | undefined,
  defaultLexicon: string,
): JobRequest {
  const lexicon = resolveLexicon(r.lexicon.trim() || defaultLexicon);
  if (!lexicon) throw refuse('PUZZLE_LEXICON_UNAVAILABLE', r.lexicon);
  const ld = (r.letterDistribution.trim().toLowerCase() || JOB_DEFAULTS.letterDistribution) as
    LetterSetName | string;
  if (!isLetterSetName(ld) || !JOB_DISTRIBUTIONS.includes(ld))
    throw refuse('PUZZLE_LETTER_DISTRIBUTION_INVALID', r.letterDistribution);
  const whole = (n: number, what: string, max: number) => {
    if (!Number.isInteger(n) || n < 0 || n > max) throw invalid(`${what} must be 0 to ${max}`);
    return n;
  };
  if (r.buckets.length > MAX_BUCKETS) throw invalid(`at most ${MAX_BUCKETS} buckets`);
  const buckets = r.buckets.map((b) => {
    // The admin form's own words (community.md §5 "Admin").
    if (!b.size || b.size <= 0) throw invalid('Missing bucket size');
    return {
      size: whole(b.size, 'a bucket size', MAX_PUZZLES),
      includes: b.includes.map(tagName),
      excludes: b.excludes.map(tagName),
    };
  });
  const bucketTotal = buckets.reduce((n, b) => n + b.size, 0);
  const creation = whole(r.gameCreationLimit, 'the creation limit', MAX_PUZZLES) || bucketTotal;
  if (creation === 0) throw invalid('Missing bucket size');
  let startDate = '';
  if (!r.botVsBot) {
    startDate = r.startDate.trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || Number.isNaN(Date.parse(startDate)))
      throw invalid('the start date must be YYYY-MM-DD');
  }
  return {
    botVsBot: r.botVsBot,
    lexicon,
    letterDistribution: ld,
    gameConsiderationLimit:
      whole(r.gameConsiderationLimit, 'the consideration limit', MAX_CONSIDERATION) ||
      JOB_DEFAULTS.gameConsiderationLimit,
    gameCreationLimit: creation,
    avoidBotGames: r.avoidBotGames,
    daysPerChunk:
      whole(r.daysPerChunk, 'days per chunk', MAX_DAYS_PER_CHUNK) || JOB_DEFAULTS.daysPerChunk,
    equityLossTotalLimit:
      whole(r.equityLossTotalLimit, 'the equity loss limit', 10_000) ||
      JOB_DEFAULTS.equityLossTotalLimit,
    startDate,
    buckets,
  };
}

/** The stored request in its wire form (job logs). */
export function requestToWire(
  j: JobRequest,
): MessageInitShape<typeof PuzzleGenerationRequestSchema> {
  return {
    ...j,
    buckets: j.buckets.map((b) => ({
      size: b.size,
      includes: b.includes.map(tagValue),
      excludes: b.excludes.map(tagValue),
    })),
  };
}
