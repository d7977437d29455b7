import type { GameEvent } from '@tessera/engine';

/** One event in words for a turn list: "8D RETAINS +66", "Pass", "Phony taken off −20". */
export function eventText(e: GameEvent): string {
  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE':
      return `${e.position} ${e.wordsFormed[0] ?? e.playedTiles} +${e.score}`;
    case 'PASS':
      return 'Pass';
    case 'EXCHANGE':
      return `Exchange ${e.exchanged || e.numTilesFromRack}`;
    case 'PHONY_TILES_RETURNED':
      return `Phony taken off −${e.lostScore}`;
    case 'CHALLENGE_BONUS':
      return `Challenge bonus +${e.bonus}`;
    case 'CHALLENGE':
      return 'Challenged, the play stands';
    case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS':
      return 'Unsuccessful challenge';
    case 'END_RACK_PTS':
      return `Rack points (${e.rack}) +${e.endRackPoints}`;
    case 'END_RACK_PENALTY':
      return `Rack penalty (${e.rack}) −${e.lostScore}`;
    case 'TIME_PENALTY':
      return `Time penalty −${e.lostScore}`;
    case 'RESIGNED':
      return 'Resigned';
    case 'TIMED_OUT':
      return 'Timed out';
  }
}
