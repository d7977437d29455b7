/**
 * The §5 checks of round and division controls as the server words them:
 * the pairing package finds the problems, and each becomes a catalogue
 * refusal. The server throws it; the web's director forms show its text
 * before sending, so both say the same thing.
 */
import { refuse, type Refusal } from '@tessera/protocol';
import {
  DEFAULT_ROUND_CONTROLS,
  validateDivisionControls,
  validateRoundAt,
  validateRoundControls,
  validateRoundRanges,
  type DivisionControls,
  type Problem,
  type RoundControls,
  type RoundsBefore,
} from '@tessera/pairing';

/** A pairing problem as the catalogue refuses it (its own key, or the pairing's words). */
export function problemRefusal(p: Problem): Refusal {
  if (p.key === 'copThenOther') return refuse('TOURNAMENT_NON_COP_AFTER_COP');
  return refuse('TOURNAMENT_CONTROLS_INVALID', p.message);
}

/**
 * Why the round numbers of a list of controls (0-based, as on the wire) are
 * refused: each must be its place in the list, so a gap, a duplicate, a
 * decrease or a negative round is refused rather than renumbered. A control
 * without a number takes its place. The check and words are the director
 * form's ranges (`validateRoundRanges`), each round a range of one.
 */
export function roundNumbersRefusal(rounds: readonly (number | undefined)[]): Refusal | undefined {
  const ranges = rounds.map((r, i) => ({ begin: (r ?? i) + 1, end: (r ?? i) + 1 }));
  const [p] = validateRoundRanges(ranges);
  return p && problemRefusal(p);
}

/** Tessera's own refusals of one round, which come before the pairing's problems. */
function zeroRefusal(rc: Partial<RoundControls>): Refusal | undefined {
  if (rc.gamesPerRound !== undefined && rc.gamesPerRound <= 0)
    return refuse('TOURNAMENT_ZERO_GAMES_PER_ROUND');
  if (
    (rc.pairingMethod === 'swiss' || rc.pairingMethod === 'factor') &&
    rc.maxRepeats === 0 &&
    rc.allowOverMaxRepeats === false
  )
    return refuse('TOURNAMENT_SWISS_ZERO_REPEATS');
  return undefined;
}

/** Why a division's list of round controls is refused, or undefined when it is accepted. */
export function roundControlsRefusal(
  numRounds: number,
  list: Partial<RoundControls>[],
): Refusal | undefined {
  for (const rc of list) {
    const r = zeroRefusal(rc);
    if (r) return r;
  }
  // COP before the second half is among the problems (key 'cop'), in the pairing's words.
  const [p] = validateRoundControls(numRounds, list);
  return p && problemRefusal(p);
}

/**
 * Why one round's controls are refused at `round` (0-based) of `numRounds`,
 * given what comes before it; undefined when they are fine.
 */
export function roundControlRefusal(
  rc: Partial<RoundControls>,
  round: number,
  numRounds: number,
  before: RoundsBefore,
): Refusal | undefined {
  const zero = zeroRefusal(rc);
  if (zero) return zero;
  const [p] = validateRoundAt({ ...DEFAULT_ROUND_CONTROLS, ...rc }, round, numRounds, before);
  return p && problemRefusal(p);
}

/** Division controls' problems (placements 0-based), each with the refusal the server sends. */
export function divisionControlsRefusals(
  c: Partial<DivisionControls>,
): { problem: Problem; refusal: Refusal }[] {
  return validateDivisionControls(c).map((problem) => ({
    problem,
    refusal: problemRefusal(problem),
  }));
}
