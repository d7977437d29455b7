/**
 * The state rules of docs/product/tournaments.md §4 and the validation of §5
 * and §8, as pure decisions: a command looks at the folded state and either
 * returns the log entries to append or throws a Refusal (decision 0110).
 */
import { refuse } from '@tessera/protocol';
import {
  pairRound,
  type Division as PairingDivision,
  type DivisionControls,
  type Outcome,
  type PairOptions,
  type PairingResult,
  type RoundControls,
} from '@tessera/pairing';
import { withBoards } from './boards.ts';
import { divisionControlsRefusals, roundControlsRefusal } from './controls.ts';
import { division, playerIndex, settled, toPairingDivision, usernameOf } from './lookup.ts';
import { isFreeForm, type DivState, type LogBody, type PairEntry, type TState } from './state.ts';

export const DIVISION_NAME_MAX = 24;

/** The most of a client's own text a refusal repeats back to it. */
const ECHO_MAX = 40;

/**
 * A client's text as a refusal repeats it: cut to 40 characters, so a
 * megabyte sent is never sent back (a socket message holds 64 KB).
 */
export function echoed(text: string): string {
  const chars = [...text.slice(0, ECHO_MAX * 2)];
  return chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX).join('')}…` : text;
}

export function mustDivision(s: TState, name: string): DivState {
  if (!name) throw refuse('TOURNAMENT_DIVISION_MISSING');
  const d = division(s, name) ?? division(s, normalizeDivisionName(name));
  if (!d) throw refuse('TOURNAMENT_DIVISION_NOT_FOUND', echoed(name));
  return d;
}

/** A division name as it is kept and compared: NFC, trimmed, runs of spaces made one. */
export function normalizeDivisionName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Control, format (zero-width, bidi overrides) and line-breaking characters. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function notFinished(s: TState): void {
  if (s.finished) throw refuse('TOURNAMENT_FINISHED');
}

/**
 * Unstart (§4): a finished tournament is refused until it is unfinished; a
 * started one needs the director's confirmation; `undo` puts back what the
 * last unstart removed, while the tournament has not started again and its
 * divisions hold the same players.
 */
export function unstartEntries(s: TState, o: { confirm: boolean; undo: boolean }): LogBody[] {
  notFinished(s);
  if (o.undo) {
    const was = s.unstarted;
    const same =
      !!was &&
      !s.started &&
      was.divisions.every((x) => {
        const d = division(s, x.name);
        return !!d && d.players.map((p) => p.id).join('\n') === x.players.join('\n');
      });
    if (!same) throw refuse('TOURNAMENT_NOTHING_TO_UNDO');
    return [{ kind: 'unstart.undone' }];
  }
  if (s.started && !o.confirm) throw refuse('TOURNAMENT_UNSTART_CONFIRM');
  return [{ kind: 'unstarted' }];
}

/** Clubs are free-form (§1): no paired rounds. */
export function pairedMode(s: TState): void {
  if (isFreeForm(s.meta.type)) throw refuse('TOURNAMENT_NOT_PAIRED_MODE');
}

/**
 * A new division name (§5 Divisions), normalised before it is checked: the
 * name to keep. Control and invisible characters are refused, as is a name
 * equal to another division's once both are normalised.
 */
export function checkDivisionName(s: TState, raw: string): string {
  if (HIDDEN.test(raw)) throw refuse('TOURNAMENT_DIVISION_NAME_CHARACTERS');
  const name = normalizeDivisionName(raw);
  if (!name) throw refuse('TOURNAMENT_DIVISION_NAME_REQUIRED');
  if ([...name].length > DIVISION_NAME_MAX) throw refuse('TOURNAMENT_DIVISION_NAME_LENGTH');
  if (s.divisions.some((d) => normalizeDivisionName(d.name) === name))
    throw refuse('TOURNAMENT_DIVISION_EXISTS', echoed(name));
  return name;
}

export function mustPlayer(d: DivState, id: string): number {
  const p = playerIndex(d, id);
  if (p < 0) throw refuse('TOURNAMENT_USER_NOT_FOUND', usernameOf(id));
  return p;
}

/**
 * Refuses a player of another division by saying where they play (rather
 * than "User … not found."); a player of no division is left to mustPlayer.
 */
export function notOfOtherDivision(s: TState, d: DivState, ids: readonly string[]): void {
  for (const id of ids) {
    if (playerIndex(d, id) >= 0) continue;
    const other = s.divisions.find((x) => x !== d && playerIndex(x, id) >= 0);
    if (other) throw refuse('TOURNAMENT_PLAYER_OTHER_DIVISION', usernameOf(id), other.name, d.name);
  }
}

export function activePlayers(d: DivState): number[] {
  return d.players.flatMap((p, i) => (p.removed ? [] : [i]));
}

/** The first player without a result in a round, or undefined when the round is complete. */
export function missingResult(d: DivState, round: number): number | undefined {
  const row = d.rounds[round] ?? [];
  for (const p of activePlayers(d)) if (!settled(row[p])) return p;
  return undefined;
}

/** The first active player left unpaired in a round. */
export function unpaired(d: DivState, round: number): number | undefined {
  const row = d.rounds[round] ?? [];
  return activePlayers(d).find((p) => !row[p]);
}

export function roundInRange(d: DivState, round: number): void {
  if (d.roundControls.length === 0) throw refuse('TOURNAMENT_ROUND_CONTROLS_NOT_SET', d.name);
  if (!Number.isInteger(round) || round < 0 || round >= d.roundControls.length)
    throw refuse('TOURNAMENT_ROUND_RANGE', d.roundControls.length);
}

export function checkRoundControls(numRounds: number, list: Partial<RoundControls>[]): void {
  const no = roundControlsRefusal(numRounds, list);
  if (no) throw no;
}

export function checkDivisionControls(c: Partial<DivisionControls>): void {
  const [first] = divisionControlsRefusals(c);
  if (first) throw first.refusal;
}

/** Methods whose pairs follow from the results so far (decision 0120). */
const BY_RESULTS: readonly string[] = [
  'king_of_the_hill',
  'elimination',
  'factor',
  'swiss',
  'quickpair',
  'cop',
  'australian',
];

/**
 * Pairing a round ahead (decision 0120): a method that pairs by results may
 * pair the next round to open, never one beyond it, whose inputs (the
 * results of the rounds between) do not exist yet. Methods that do not
 * depend on results (random, round robins, Initial Fontes, manual) pair any
 * round.
 */
export function checkPairAhead(d: DivState, round: number): void {
  const method = d.roundControls[round]?.pairingMethod ?? 'manual';
  if (round > d.currentRound + 1 && BY_RESULTS.includes(method))
    throw refuse('TOURNAMENT_PAIRING_TOO_EARLY', round + 1, round);
}

/** Pairs one round with its round controls (the director's pairs of that round are kept). */
export function pairWithControls(
  d: DivState,
  round: number,
  preserveByes: boolean,
  override?: Partial<RoundControls>,
  seed?: number,
): { pairs: PairEntry[]; log: string[] } {
  const input = pairingInput(d, round, preserveByes, override, seed);
  return pairsOf(d, input, pairRound(input.division, round, input.options));
}

/** What the pairing engine is given for a round (plain data: it can go to a worker thread). */
export interface PairingInput {
  division: PairingDivision;
  round: number;
  options: PairOptions;
}

export function pairingInput(
  d: DivState,
  round: number,
  preserveByes: boolean,
  override?: Partial<RoundControls>,
  seed?: number,
): PairingInput {
  const div = toPairingDivision(d);
  const rounds = div.rounds.slice(0, round + 1);
  while (rounds.length <= round) rounds.push(div.players.map(() => null));
  // Only byes, forfeits and voids survive a re-pair when asked to.
  rounds[round] = rounds[round].map((slot, p) =>
    preserveByes && slot && slot.opponent === p ? slot : null,
  );
  const roundControls = [...(div.roundControls ?? [])];
  if (override) roundControls[round] = { ...roundControls[round], ...override };
  return { division: { ...div, rounds, roundControls }, round, options: seed ? { seed } : {} };
}

/** The pairs of a pairing result, as log entries want them (or the refusal of a failure). */
export function pairsOf(
  d: DivState,
  input: PairingInput,
  res: PairingResult,
): { pairs: PairEntry[]; log: string[] } {
  const rounds = input.division.rounds;
  const round = input.round;
  if (!res.ok) throw refuse('TOURNAMENT_PAIRING_FAILED', res.error.code, res.error.message);
  const pairs: PairEntry[] = [];
  const { opponent, first } = res.pairing;
  for (let p = 0; p < opponent.length; p++) {
    const q = opponent[p];
    if (q < 0 || q < p) continue;
    if (q === p) {
      const kept = rounds[round][p];
      pairs.push({
        a: d.players[p].id,
        b: d.players[p].id,
        outcome: (kept?.outcome ?? 'bye') as Outcome,
        ...(kept?.score !== undefined ? { spread: kept.score } : {}),
      });
      continue;
    }
    pairs.push({ a: d.players[p].id, b: d.players[q].id, aFirst: first[p] });
  }
  return { pairs, log: res.log };
}

/**
 * Opening a round (§4): the previous round complete and this one fully
 * paired (paired now with its controls when nobody is), checked per division.
 */
export function openRound(
  s: TState,
  d: DivState,
  round: number,
  irl: boolean,
  premade?: Premade,
): LogBody[] {
  notFinished(s);
  if (d.roundControls.length === 0) throw refuse('TOURNAMENT_ROUND_CONTROLS_NOT_SET', d.name);
  if (round !== d.currentRound + 1)
    throw refuse('TOURNAMENT_ROUND_NOT_CURRENT', round + 1, d.currentRound + 2);
  roundInRange(d, round);
  if (activePlayers(d).length < 2) throw refuse('TOURNAMENT_NOT_ENOUGH_PLAYERS', d.name);
  if (!irl && !d.extras.gameRequest) throw refuse('TOURNAMENT_GAME_CONTROLS_NOT_SET', d.name);
  if (round > 0) {
    const p = missingResult(d, round - 1);
    if (p !== undefined)
      throw refuse(
        'TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE',
        round + 1,
        usernameOf(d.players[p].id),
        round,
      );
  }
  const out: LogBody[] = [];
  const row = d.rounds[round] ?? [];
  const nobodyPaired = activePlayers(d).every((p) => !row[p]);
  if (nobodyPaired) {
    // Paired on a worker before the lock when it could be (decision 0124);
    // here only if the inputs changed since.
    const ready = premade?.get(d.id);
    const made =
      ready && ready.input === JSON.stringify(pairingInput(d, round, false))
        ? ready.pairs
        : pairWithControls(d, round, false).pairs;
    const pairs = irl ? withBoards(d, round, made) : made;
    out.push({ kind: 'pairings.set', division: d.name, round, pairs });
    const paired = new Set(pairs.flatMap((x) => [x.a, x.b]));
    const left = activePlayers(d).find((p) => !paired.has(d.players[p].id));
    if (left !== undefined)
      throw refuse('TOURNAMENT_ROUND_NOT_FULLY_PAIRED', round + 1, usernameOf(d.players[left].id));
  } else {
    const left = unpaired(d, round);
    if (left !== undefined)
      throw refuse('TOURNAMENT_ROUND_NOT_FULLY_PAIRED', round + 1, usernameOf(d.players[left].id));
    // Pairs the director set without a board get one as the round opens.
    if (irl) {
      const games: PairEntry[] = [];
      row.forEach((slot, p) => {
        if (slot && slot.opponent > p)
          games.push({
            a: d.players[p].id,
            b: d.players[slot.opponent].id,
            ...(slot.first === undefined ? {} : { aFirst: slot.first }),
            ...(slot.board ? { board: slot.board } : {}),
          });
      });
      const boarded = withBoards(d, round, games).filter((x, i) => x.board !== games[i].board);
      if (boarded.length > 0)
        out.push({ kind: 'pairings.set', division: d.name, round, pairs: boarded });
    }
  }
  out.push({ kind: 'round.started', division: d.name, round });
  return out;
}

/** The first start also needs check-ins and registration closed (§8). */
export function checkFirstStart(s: TState): void {
  pairedMode(s);
  if (s.divisions.length === 0) throw refuse('TOURNAMENT_NO_DIVISIONS');
  if (!s.started && (s.checkinsOpen || s.registrationOpen))
    throw refuse('TOURNAMENT_START_WITH_TOGGLES_OPEN');
  if (!s.started)
    for (const d of s.divisions)
      if (activePlayers(d).length < 2) throw refuse('TOURNAMENT_NOT_ENOUGH_PLAYERS', d.name);
}

/** Pairings made before the lock (on a worker), by division id, with the input they were made from. */
export type Premade = Map<string, { input: string; pairs: PairEntry[] }>;

/** Opens the next round of one division, or of every division (startAllRounds). */
export function openRounds(
  st: TState,
  division: string,
  round: number,
  all: boolean,
  premade?: Premade,
): LogBody[] {
  checkFirstStart(st);
  const irl = st.meta.irlMode;
  if (all) return st.divisions.flatMap((d) => openRound(st, d, d.currentRound + 1, irl, premade));
  return openRound(st, mustDivision(st, division), round, irl, premade);
}

/**
 * What opening these rounds would pair (the divisions nobody has paired
 * yet), as inputs a worker can pair before the change takes the lock. A
 * division that cannot open is left out: the change refuses it.
 */
export function openingInputs(
  st: TState,
  division: string,
  round: number,
  all: boolean,
): { division: DivState; input: PairingInput }[] {
  const wanted = all
    ? st.divisions.map((d) => ({ d, r: d.currentRound + 1 }))
    : st.divisions.filter((d) => d.name === division).map((d) => ({ d, r: round }));
  return wanted
    .filter(({ d, r }) => r === d.currentRound + 1 && r < d.roundControls.length)
    .filter(({ d, r }) => activePlayers(d).every((p) => !(d.rounds[r] ?? [])[p]))
    .map(({ d, r }) => ({ division: d, input: pairingInput(d, r, false) }));
}

/** A division is finished when its last round is open and every game in it has a result. */
export function divisionFinished(d: DivState): boolean {
  const last = d.roundControls.length - 1;
  return last >= 0 && d.currentRound === last && missingResult(d, last) === undefined;
}
