/**
 * Proven answers for the endgame benches' positions, kept in
 * endgame-proofs.json (written by prove-endings.ts with a long time
 * limit): each position's proven value and the first moves known to reach
 * it or to fall short of it. With them a bench can tell whether the move a
 * solve within the default limit answers is a proven best one, also when
 * that solve ran out of time before proving it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { EndgameResult, LineCheck } from '@tessera/engine/ai';

export const PROOFS_FILE = new URL('./endgame-proofs.json', import.meta.url);

export interface ProvenEnding {
  /** The proven value for the side to move (spread gained to the end). */
  readonly value: number;
  /** First moves proven to reach `value` (GCG notation; "-" is a pass). */
  readonly best: string[];
  /** First moves proven to fall short, with their proven values. */
  readonly worse: Record<string, number>;
  /** The proof's time and nodes on one thread. */
  readonly millis: number;
  readonly nodes: number;
  /** The line a one-thread solve within the default limit answers, checked move by move. */
  readonly quickLine?: { readonly moves: string[] } & LineCheck;
}

export type Proofs = Record<string, ProvenEnding>;

/** The proofs on record, or none when the file is missing. */
export function loadProofs(): Proofs {
  return existsSync(PROOFS_FILE) ? (JSON.parse(readFileSync(PROOFS_FILE, 'utf8')) as Proofs) : {};
}

/** A self-play position's name in the proofs. */
export function selfplayKey(seed: number): string {
  return `selfplay-${seed}`;
}

/** The first move of a result's line, "-" for a pass. */
export function firstMove(r: EndgameResult): string {
  return r.line[0]?.text ?? '-';
}

/**
 * Whether `move` is a proven best first move of position `key`: true or
 * false when the proofs know the move, null when they do not.
 */
export function provenBest(proofs: Proofs, key: string, move: string): boolean | null {
  const known = proofs[key];
  if (!known) return null;
  if (known.best.includes(move)) return true;
  return move in known.worse ? false : null;
}

/**
 * The figures a bench prints about a result's answer: its first move and
 * whether it is a proven best one. A move the proofs do not know counts
 * as proven best when the result itself is proven with their value (its
 * first move is the one whose floor the solve proved at that value): two
 * solvers sharing a search may settle on another of several best moves.
 */
export function answerFigures(
  proofs: Proofs,
  key: string,
  r: EndgameResult,
): { move: string; provenBest: boolean | null } {
  const move = firstMove(r);
  const known = provenBest(proofs, key, move);
  const proven = known === null && r.exact && proofs[key]?.value === r.value;
  return { move, provenBest: proven ? true : known };
}

/** A summary line's count of answers: proven best, proven not best, and not known to the proofs. */
export function answersSummary(answers: (boolean | null)[]): Record<string, number> {
  return {
    provenBestMoves: answers.filter((a) => a === true).length,
    notBestMoves: answers.filter((a) => a === false).length,
    unknownMoves: answers.filter((a) => a === null).length,
  };
}
