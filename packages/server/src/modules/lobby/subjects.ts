import { isBoolean, isRecord, isString, isStringArray, jsonSubject } from '../../bus/subjects.ts';

/** A seek was created (its id): each process offers it to the sockets that may see it. */
export const SEEK_NEW = jsonSubject('lobby.seek.new', isString);
/** A seek was accepted, declined, withdrawn or died with its connection (its id). */
export const SEEK_REMOVED = jsonSubject('lobby.seek.removed', isString);

/** A game started or ended: the live list is pushed again, and its players' correspondence lists. */
export interface GameListChange {
  correspondence: boolean;
  players: string[];
}
export const GAMES_CHANGED = jsonSubject(
  'lobby.games.changed',
  (v): v is GameListChange =>
    isRecord(v) && isBoolean(v.correspondence) && isStringArray(v.players),
);

/** Is this user connected anywhere? Asked before a seek of theirs starts a game (a nonce to answer). */
export interface SeekerQuestion {
  nonce: string;
  userId: string;
}
export const SEEKER_ASK = jsonSubject(
  'lobby.seeker.ask',
  (v): v is SeekerQuestion => isRecord(v) && isString(v.nonce) && isString(v.userId),
);
/** A process holding a socket of the user asked about answers with the question's nonce. */
export const SEEKER_HERE = jsonSubject('lobby.seeker.here', isString);
