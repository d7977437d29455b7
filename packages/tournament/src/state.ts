/**
 * A tournament's state and the entries of its event log (decision 0097).
 * The log is the truth: every director and player action is one entry, and
 * the state is `fold(entries)` (fold.ts). Whatever reads the log handles each
 * kind through a table keyed by it (log-table.ts, decision 0111). Divisions are kept in the pairing
 * engine's own shape (`@tessera/pairing` Division: players by seed, rounds of
 * slots), so standings, pairing and TSH export read them as they are.
 */
import type { DivisionControls, Outcome, RoundControls, Slot } from '@tessera/pairing';

export type TournamentKind = 'standard' | 'club' | 'child' | 'legacy';

/** Clubs and legacy clubhouses are free-form (match requests, no paired rounds); the others are paired (§1). */
export const FREE_FORM_KINDS: TournamentKind[] = ['club', 'legacy'];
export const isFreeForm = (kind: TournamentKind): boolean => FREE_FORM_KINDS.includes(kind);

export interface Meta {
  name: string;
  description: string;
  slug: string;
  type: TournamentKind;
  disclaimer: string;
  tileStyle: string;
  boardStyle: string;
  logo: string;
  color: string;
  password: string;
  privateAnalysis: boolean;
  irlMode: boolean;
  monitored: boolean;
  /** Unix seconds; 0 = not set. */
  scheduledStart: number;
  scheduledEnd: number;
  freeformClubSettingFields: string[];
  /** The default club game settings (GameRequest in protobuf JSON). */
  defaultClubSettings?: unknown;
  /** A club session's club (a child tournament's parent); absent for anything else. */
  club?: { id: string; slug: string };
}

/** A slot with what the site adds: the played game, its end reason, ready marks. */
export interface TSlot extends Slot {
  gameId?: string;
  /** Game end reason (protocol enum number); absent = none. */
  endReason?: number;
  ready?: boolean;
}

export interface TPlayer {
  /** "{userID}:{username}". */
  id: string;
  rating: number;
  /** The name exports, scorecards and the kiosk print (TSH's "Last, First"); absent: the username. */
  name?: string;
  /** Class for class prizes ("A", "B" ...; TSH `class`). */
  className?: string;
  removed?: boolean;
  checkedIn?: boolean;
  suspended?: boolean;
}

export interface DivisionExtras {
  /** The division's game request (GameRequest in protobuf JSON). */
  gameRequest?: unknown;
  /** Outcome given to a late entry's past rounds (default forfeit loss, §9). */
  suspendedResult: Outcome;
  suspendedSpread: number;
  autoStart: boolean;
}

export interface DivState {
  /**
   * Stable for the division's life (decision 0121): what outside references
   * (a game's end, a scheduled opening, a game being started) hold, while
   * `name` is a label a director may change.
   */
  id: string;
  name: string;
  players: TPlayer[];
  /** -1 before the division's first round opens. */
  currentRound: number;
  /** When the current round opened (Unix ms); absent before the first, or in a log older than this field. */
  roundStartedAt?: number;
  /** Round controls, one per round; their count is the number of rounds. */
  roundControls: Partial<RoundControls>[];
  controls: Partial<DivisionControls>;
  extras: DivisionExtras;
  /** rounds[r][p]; rows grow as rounds are paired. */
  rounds: (TSlot | null)[][];
  /**
   * Kiosk scores that disagree with the score already recorded (§6): held
   * for a director, never written over it; a director's result for the
   * game clears them.
   */
  held?: HeldScore[];
}

/** A player's kiosk entry held for a director. */
export interface HeldScore {
  round: number;
  a: string;
  b: string;
  scoreA: number;
  scoreB: number;
  /** Who entered it. */
  by: string;
}

export interface Director {
  id: string;
  readOnly: boolean;
}

export interface TState {
  id: string;
  meta: Meta;
  executiveDirector: string;
  directors: Director[];
  started: boolean;
  startTime: number;
  finished: boolean;
  checkinsOpen: boolean;
  registrationOpen: boolean;
  divisions: DivState[];
  /** Sequence number of the last entry folded in. */
  seq: number;
  /** Divisions ever added (the fold's numbering of divisions an old log gave no id). */
  divisionsAdded?: number;
  /**
   * What the last unstart removed, until the tournament starts again: an
   * `unstart.undone` entry puts it back (while the rosters are unchanged).
   */
  unstarted?: Unstarted;
}

/** The pairings and results an unstart removed, per division (by name, with its roster). */
export interface Unstarted {
  startTime: number;
  divisions: {
    name: string;
    players: string[];
    currentRound: number;
    rounds: (TSlot | null)[][];
  }[];
}

/** A result a director's amended pairing replaced (kept in the log entry that replaced it). */
export interface Replaced {
  a: string;
  b: string;
  score?: number;
  opponentScore?: number;
  outcome?: Outcome;
  gameId?: string;
}

/** One pair of a round as the log records it (players by id; b === a is a bye, forfeit or void). */
export interface PairEntry {
  a: string;
  b: string;
  /** Self-play outcome (bye, forfeit_loss, forfeit_win, void). */
  outcome?: Outcome;
  spread?: number;
  /** a goes first (absent: unknown). */
  aFirst?: boolean;
  /** The board (over the board events). */
  board?: number;
}

/** A player as AddPlayers and Register enter them. */
export interface NewPlayer {
  id: string;
  rating: number;
  name?: string;
  className?: string;
}

export type LogBody =
  | { kind: 'created'; meta: Meta; executiveDirector: string; directors: Director[] }
  | { kind: 'metadata.set'; meta: Partial<Meta> }
  | { kind: 'directors.added'; directors: Director[] }
  | { kind: 'directors.removed'; ids: string[] }
  | {
      kind: 'division.added';
      division: string;
      /** Absent in old logs: the fold numbers them. */ id?: string;
    }
  | { kind: 'division.removed'; division: string }
  | { kind: 'division.renamed'; division: string; newName: string }
  | {
      kind: 'players.added';
      division: string;
      players: NewPlayer[];
      /** Seed by rating (entries written since issue 36); absent: in the order listed, as older logs. */
      seedByRating?: boolean;
    }
  | { kind: 'players.removed'; division: string; ids: string[] }
  | { kind: 'player.moved'; from: string; to: string; id: string }
  | {
      kind: 'division.controls';
      division: string;
      controls: Partial<DivisionControls>;
      extras: DivisionExtras;
    }
  | { kind: 'round.controls'; division: string; roundControls: Partial<RoundControls>[] }
  | { kind: 'round.control'; division: string; round: number; control: Partial<RoundControls> }
  | {
      kind: 'pairings.set';
      division: string;
      round: number;
      pairs: PairEntry[];
      /** An amendment (§5): the games and results it replaced, as they were. */
      replaced?: Replaced[];
    }
  | { kind: 'pairings.deleted'; division: string; round: number }
  | {
      kind: 'result.set';
      division: string;
      round: number;
      a: string;
      b: string;
      scoreA: number;
      scoreB: number;
      outcomeA?: Outcome;
      outcomeB?: Outcome;
      endReason: number;
      gameId?: string;
    }
  | ({ kind: 'score.held'; division: string } & HeldScore)
  | { kind: 'round.started'; division: string; round: number }
  | { kind: 'ready'; division: string; round: number; player: string; ready: boolean }
  | { kind: 'game.started'; division: string; round: number; a: string; b: string; gameId: string }
  | { kind: 'registration'; open: boolean }
  | { kind: 'checkins'; open: boolean }
  | { kind: 'checkin'; id: string; checkedIn: boolean }
  | { kind: 'checkins.cleared' }
  | { kind: 'unchecked.removed' }
  | { kind: 'registered'; division: string; id: string; rating: number; seedByRating?: boolean }
  | { kind: 'unregistered'; id: string }
  | { kind: 'unstarted' }
  | { kind: 'unstart.undone' }
  | { kind: 'finished'; finished: boolean }
  | {
      kind: 'action.undone';
      /** The state becomes the log's as of this entry (the undone action came right after it). */
      toSeq: number;
      /** The entries of the undone action (one director's call). */
      fromSeq: number;
      throughSeq: number;
      /** Their kinds, for the log view. */
      kinds: string[];
      /** Results the undo removed (the director confirmed it). */
      lost: number;
      /** Directors the undo removes (their open pages look again). */
      directorsRemoved?: string[];
      state: Snapshot;
    }
  | {
      kind: 'round.restored';
      /** 0-based: the state the log had just before the next round opened. */
      round: number;
      toSeq: number;
      lost: number;
      directorsRemoved?: string[];
      state: Snapshot;
    };

/**
 * What an undo or a restore sets the state to (decision 0150): the folded
 * state of an earlier point of the log, kept in the entry itself, so that
 * the fold stays a fold of entries and never reads the log back.
 */
export type Snapshot = Omit<TState, 'id' | 'seq'>;

export type LogKind = LogBody['kind'];

/** The entry body of one kind. */
export type LogBodyOf<K extends LogKind> = Extract<LogBody, { kind: K }>;

export interface LogEntry {
  seq: number;
  /** Who did it ("{userID}:{username}", or "system"). */
  actor: string;
  /** Unix milliseconds. */
  at: number;
  body: LogBody;
}
