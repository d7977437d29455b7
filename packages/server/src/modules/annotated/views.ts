import type { MessageInitShape } from '@bufbuild/protobuf';
import { printTiles, type ChallengeRule, type GameState } from '@tessera/engine';
import {
  type AnnotatedGameInfoSchema,
  challengeRules,
  endReasons,
  eventToWire,
  type GameHistorySchema,
  playStates,
} from '@tessera/protocol';
import type { AnnotatedListRow } from './store.ts';

export type InfoShape = MessageInitShape<typeof AnnotatedGameInfoSchema>;

/** A list entry or a game's header: who made it, who played, where it stands. */
export function infoOf(row: AnnotatedListRow, creatorUsername: string): InfoShape {
  return {
    gameId: row.id,
    creatorId: row.creator_id,
    creatorUsername,
    private: !row.public,
    finished: row.finished,
    players: [row.player0, row.player1].map((nickname) => ({ nickname, realName: '' })),
    lexicon: row.lexicon,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    description: row.description,
    scores: [row.score0, row.score1],
    challengeRule: challengeRules.toWire(row.challenge_rule as ChallengeRule),
    eventCount: row.event_count,
  };
}

/** The game as the game room shows a finished one: every rack and every event. */
export function historyOf(
  id: string,
  g: GameState,
  createdAt: Date,
): MessageInitShape<typeof GameHistorySchema> {
  const over = g.playState === 'GAME_OVER';
  return {
    gameId: id,
    players: g.players.map((p, i) => ({
      userId: '',
      nickname: p.nickname,
      fullName: p.realName,
      first: i === g.firstPlayer,
      quit: p.quit,
    })),
    events: g.events.map(eventToWire),
    request: {
      lexicon: g.rules.lexicon,
      rules: {
        boardLayoutName: g.rules.boardLayout,
        letterDistributionName: g.rules.letterDistribution,
        variantName: g.rules.variant,
      },
      challengeRule: challengeRules.toWire(g.rules.challengeRule),
    },
    racks: g.racks.map((r) => printTiles(g.set, r.tiles(), 'rack')),
    scores: [...g.scores],
    playState: playStates.toWire(g.playState),
    endReason: endReasons.toWire(g.endReason),
    winner: over ? g.winner : -1,
    playerOnTurn: g.playerOnTurn,
    bagCount: g.bag.size,
    scorelessTurns: g.scorelessTurns,
    createdAt: createdAt.toISOString(),
    unseen: printTiles(g.set, g.bag.contents(), 'rack'),
    viewerIndex: -1,
    clocks: { untimed: true, running: -1, remainingMs: [0, 0] },
  };
}
