/**
 * @tessera/tournament: a tournament's state as a fold of its log (decision
 * 0097), the log's entry kinds and the tables that handle them (decision
 * 0111). Pure like the pairing package: no I/O, no Node or DOM, so the
 * server and the web share it.
 */
export * from './state.ts';
export { byKind, type LogTable } from './log-table.ts';
export { emptyMeta, emptyState, fold, foldAsOfRound } from './fold.ts';
export { nextDivisionId } from './apply.ts';
export {
  division,
  divisionById,
  divisionOfGame,
  playerIndex,
  settled,
  toPairingDivision,
  userIdOf,
  usernameOf,
} from './lookup.ts';
export { competitorStatus, type CompetitorRound, type CompetitorStatus } from './competitor.ts';
/** A game's outcome for one player, as the pairing package and the log record it. */
export type { Outcome } from '@tessera/pairing';
export {
  divisionControlsRefusals,
  problemRefusal,
  roundControlRefusal,
  roundControlsRefusal,
  roundNumbersRefusal,
} from './controls.ts';
export {
  FIRST_FROM_WIRE,
  FIRST_TO_WIRE,
  METHOD_FROM_WIRE,
  METHOD_TO_WIRE,
  roundControlFromWire,
} from './wire-controls.ts';
export {
  activePlayers,
  checkDivisionControls,
  checkPairAhead,
  checkDivisionName,
  checkFirstStart,
  checkRoundControls,
  DIVISION_NAME_MAX,
  echoed,
  divisionFinished,
  missingResult,
  mustDivision,
  mustPlayer,
  normalizeDivisionName,
  notFinished,
  notOfOtherDivision,
  openRound,
  openRounds,
  openingInputs,
  type Premade,
  pairedMode,
  pairWithControls,
  pairingInput,
  pairsOf,
  type PairingInput,
  roundInRange,
  unpaired,
  unstartEntries,
} from './rules.ts';
export {
  consistentOutcomes,
  gameOutcomes,
  kioskEntry,
  outcomesFromScores,
  pairingReplaces,
  resultEntry,
} from './results.ts';
export { withBoards } from './boards.ts';
export {
  isSlug,
  normalizeSlug,
  slugFromUrl,
  slugName,
  slugNameOfPath,
  tournamentRealm,
} from './slug.ts';
export { lastAction, lostResults, restoreEntry, stateAt, undoEntry, type Action } from './undo.ts';
