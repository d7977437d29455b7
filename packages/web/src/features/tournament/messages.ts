/**
 * The texts of docs/product/tournaments.md §8 the page shows itself (the
 * server's refusals come from the shared error catalogue), and the toast
 * lengths of §9.
 */
export const SUCCESS = {
  divisionAdded: 'Division added',
  divisionRenamed: 'Division name changed',
  divisionRemoved: 'Division removed',
  playersAdded: 'Players added',
  playerRemoved: 'Player removed',
  playerMoved: 'Player moved successfully',
  pairingSet: 'Pairing set',
  resultSet: 'Result set',
  roundPaired: 'Pair round completed',
  pairingsDeleted: 'Pairings for selected round have been deleted',
  controlsSet: 'Controls set',
  resultSubmitted: 'Result submitted',
  metadataSet: 'Set tournament metadata successfully.',
  checkinsOpened: 'Opened check-ins successfully.',
  checkinsClosed: 'Closed check-ins successfully.',
  registrationOpened: 'Opened registration successfully.',
  registrationClosed: 'Closed registration successfully.',
  uncheckedDeleted: 'Deleted unchecked-in players successfully.',
  checkinsCleared: 'All check-ins cleared successfully.',
  tournamentCreated: 'Tournament created',
  tournamentUpdated: 'Tournament updated',
  directorAdded: 'Director successfully added',
  directorRemoved: 'Director successfully removed',
  /** Not in §8, which has no text for it. */
  tournamentFinished: 'Tournament finished.',
} as const;

export const roundControlsSet = (round: number) => `Controls set for round ${round}`;

export const READY_DIVISION_NOT_LOADED =
  'Cannot mark ready: division not loaded. Please refresh the page.';
export const FETCH_FAILED = 'Error fetching tournament data';
export const NON_EXISTING_PAGE = 'You tried to access a non-existing page.';
export const STANDINGS_EMPTY = 'Standings are not yet available.';

/** §9: errors 5 s; check-ins closed and round errors 10 s. */
export const ERROR_TOAST_MS = 5_000;
export const LONG_TOAST_MS = 10_000;

/** A numbered refusal the catalogue has no text for (§8). */
export const UNKNOWN_TOURNAMENT_ERROR = 'Unknown tournament error, see console';

export const ROUND_CANNOT_OPEN_TITLE = 'Round cannot be opened';
