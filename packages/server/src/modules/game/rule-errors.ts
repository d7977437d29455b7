import { refuse, type Refusal } from '@tessera/protocol';
import type { Err, GameState, RuleErrorCode } from '@tessera/engine';

/**
 * The catalogue error for a game action the engine refused. The switch names
 * every rule code, so a code added to the engine fails to compile here until
 * it is given its error.
 */
export function ruleRefusal(err: Err<RuleErrorCode>, g: GameState): Refusal {
  const code = err.code;
  switch (code) {
    case 'NOT_YOUR_TURN':
      return refuse('NOT_YOUR_TURN');
    case 'GAME_OVER':
      return refuse('GAME_OVER');
    case 'BAG_TOO_SMALL':
      return refuse('EXCHANGE_BAG_TOO_SMALL', g.rules.exchangeMinBag, g.bag.size);
    // The rest are the player's move breaking a rule; the engine's message says which.
    case 'MUST_PASS_OR_CHALLENGE':
    case 'NO_TILES':
    case 'OFF_BOARD':
    case 'SQUARE_OCCUPIED':
    case 'PLAYED_THROUGH_EMPTY':
    case 'UNDESIGNATED_BLANK':
    case 'UNKNOWN_TILE':
    case 'WORD_TOO_SHORT':
    case 'NOT_CONNECTED':
    case 'MUST_COVER_CENTRE':
    case 'TILES_NOT_ON_RACK':
    case 'NO_LEXICON':
    case 'INVALID_WORDS':
    case 'EXCHANGE_EMPTY':
    case 'CHALLENGE_NOT_ALLOWED':
    case 'NOTHING_TO_CHALLENGE':
    case 'ALREADY_CHALLENGED':
    case 'BAD_TILES':
    case 'BAD_EVENT':
    case 'BAD_PLAYER':
    case 'BAD_POSITION':
    case 'RACK_UNAVAILABLE':
    case 'NO_PLAY_TO_WITHDRAW':
    case 'NO_PLAY_TO_CHALLENGE':
    case 'BAD_EXCHANGE':
      return refuse('GAME_RULE', err.message).as('invalid_argument');
    default: {
      const _exhaustive: never = code;
      return _exhaustive;
    }
  }
}
