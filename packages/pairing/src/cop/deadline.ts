/**
 * Time caps of the COP phases (PAIRING.md: each phase stops at 6 s). A
 * simulation phase out of time with at least MIN_DECIDING_SIMS simulated
 * decides on those and logs it; a phase that cannot decide within its cap
 * fails the round with TIMEOUT, naming the
 * phase and the players it was deciding about; the simulation loops call
 * `check` every few hundred simulated events, so a cap is honoured closely.
 */
import { PairingFailure } from '../context.ts';

export const PHASE_MILLIS = 6000;
const NAMED_AT_MOST = 8;

/** The COP phases with a time cap each. */
export type CopPhase = 'simulation' | 'tightened' | 'controlLoss' | 'factor3';

/** One cap for every phase, or a cap per phase (the others keep PHASE_MILLIS). */
export type PhaseMillis = number | Partial<Record<CopPhase, number>>;

export function capOf(millis: PhaseMillis | undefined, phase: CopPhase): number {
  if (millis === undefined) return PHASE_MILLIS;
  if (typeof millis === 'number') return millis;
  return millis[phase] ?? PHASE_MILLIS;
}

export class Phase {
  private readonly started = Date.now();

  constructor(
    readonly name: string,
    readonly millis: number,
    /** Who the phase is deciding about, for the message (evaluated only on timeout). */
    private readonly players: () => string[] = () => [],
  ) {}

  elapsed(): number {
    return Date.now() - this.started;
  }

  /** Whether the cap is used up. */
  expired(): boolean {
    return this.elapsed() >= this.millis;
  }

  /** Throws TIMEOUT once the cap is used up (a cap of 0 allows no simulation at all). */
  check(): void {
    if (this.elapsed() >= this.millis) this.fail();
  }

  fail(players = this.players()): never {
    // The message names at most eight (a big field can leave a hundred
    // undecided); the error's `players` lists them all.
    const named =
      players.length > NAMED_AT_MOST
        ? `${players.slice(0, NAMED_AT_MOST).join(', ')} and ${players.length - NAMED_AT_MOST} others`
        : players.join(', ');
    const who = players.length ? ` for ${named}` : '';
    throw new PairingFailure(
      'TIMEOUT',
      `COP ${this.name} could not decide${who} within its time cap of ${this.millis} ms.`,
      players,
    );
  }
}

/**
 * Simulated events enough to decide on when a phase runs out of time (issue
 * 36): a simulation phase stops there and says so in the log instead of
 * failing the round; below it the phase fails with TIMEOUT.
 */
export const MIN_DECIDING_SIMS = 1000;

/** How many simulated events run between two clock checks. */
export const CHECK_EVERY = 256;
