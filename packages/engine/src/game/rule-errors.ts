/**
 * The codes of refused game actions: a closed list, so a caller (the server's
 * error catalogue, the web's messages) can switch on them exhaustively.
 */
import type { PlacementCheckCode } from '../rules/placement.ts';

/**
 * Why the reducer refused an event (`applyEvent`): replaying a stored or
 * imported log meets these. A player action checks the rules before it
 * builds its events, so from an action they mean a bug, except BAG_TOO_SMALL
 * (an exchange of more tiles than the bag holds when `exchangeMinBag` is low).
 */
export type EventErrorCode =
  | 'BAD_EVENT'
  | 'BAD_PLAYER'
  | 'BAD_POSITION'
  | 'BAD_TILES'
  | 'GAME_OVER'
  | 'NOT_YOUR_TURN'
  | 'MUST_PASS_OR_CHALLENGE'
  | PlacementCheckCode
  | 'RACK_UNAVAILABLE'
  | 'NO_PLAY_TO_WITHDRAW'
  | 'NO_PLAY_TO_CHALLENGE'
  | 'BAD_EXCHANGE'
  | 'BAG_TOO_SMALL';

/** Every code a refused player action (play, pass, exchange, challenge, resign, time out) reports. */
export type RuleErrorCode =
  // The turn and the state of the game.
  | 'GAME_OVER'
  | 'NOT_YOUR_TURN'
  | 'MUST_PASS_OR_CHALLENGE'
  // A play: where the tiles go, then the words under the void rule.
  | PlacementCheckCode
  | 'NO_LEXICON'
  | 'INVALID_WORDS'
  // An exchange.
  | 'EXCHANGE_EMPTY'
  | 'BAG_TOO_SMALL'
  // A challenge.
  | 'CHALLENGE_NOT_ALLOWED'
  | 'NOTHING_TO_CHALLENGE'
  | 'ALREADY_CHALLENGED'
  // The reducer's own checks, which the ones above pre-empt.
  | EventErrorCode;
