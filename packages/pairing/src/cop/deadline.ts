/**
 * COP's time (issue 36, decision 0148). Without caps from the caller, the
 * whole COP shares one budget, COP_BUDGET_MILLIS: the simulation may use half
 * of what is left, the tightened simulation half of what is left then, the
 * control-loss and factor-3 checks the rest. With `copPhaseMillis` each phase
 * has that cap instead (tests and benches that need every simulation).
 *
 * Out of time, a phase decides on what it has simulated and the log says so;
 * a legal state never fails a round for time. Below a minimum it keeps going
 * whatever the clock says (MIN_DECIDING_SIMS division simulations,
 * MIN_CHECK_SIMS per control-loss or factor-3 run), so a short cap means
 * fewer simulations, never no answer. The loops look at the clock every
 * CHECK_EVERY simulated events.
 */

/** The whole COP's wall-clock budget when no phase caps are given. */
export const COP_BUDGET_MILLIS = 2500;
/** The old per-phase cap, kept as the default of an explicit per-phase object. */
export const PHASE_MILLIS = 6000;

/** The COP phases with a time cap each. */
export type CopPhase = 'simulation' | 'tightened' | 'controlLoss' | 'factor3';

/** One cap for every phase, or a cap per phase (the others keep PHASE_MILLIS). */
export type PhaseMillis = number | Partial<Record<CopPhase, number>>;

/** Share of the budget left that each phase may use. */
const SHARE: Record<CopPhase, number> = {
  simulation: 0.5,
  tightened: 0.5,
  controlLoss: 1,
  factor3: 0.5,
};

/** Hands each phase its cap: the caller's, or its share of the budget left. */
export class CopClock {
  private readonly started = Date.now();

  constructor(
    private readonly millis: PhaseMillis | undefined,
    private readonly budget = COP_BUDGET_MILLIS,
  ) {}

  cap(phase: CopPhase): number {
    const m = this.millis;
    if (m === undefined) {
      const left = Math.max(0, this.budget - (Date.now() - this.started));
      return Math.floor(left * SHARE[phase]);
    }
    if (typeof m === 'number') return m;
    return m[phase] ?? PHASE_MILLIS;
  }
}

export class Phase {
  private readonly started = Date.now();

  constructor(
    readonly name: string,
    readonly millis: number,
  ) {}

  elapsed(): number {
    return Date.now() - this.started;
  }

  /** Whether the cap is used up. */
  expired(): boolean {
    return this.elapsed() >= this.millis;
  }
}

/** Division simulations that always run, whatever the clock. */
export const MIN_DECIDING_SIMS = 1000;
/** Simulations of each control-loss or factor-3 run that always run. */
export const MIN_CHECK_SIMS = 500;

/** How many simulated events run between two clock checks. */
export const CHECK_EVERY = 256;
