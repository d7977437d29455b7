import { parseTiles } from '@tessera/engine';
import { loadLexicon } from '@tessera/lexica';
import { ChallengeRule, MessageType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import { TestSocket, useTestServer } from './harness.ts';
import { ClientGameplayEvent_Type as Action, ClientGameplayEventSchema } from '@tessera/protocol';

/**
 * What a spectator of a correspondence game may not see while it goes on:
 * the tiles of the plays, including those a challenge takes back.
 */
const server = useTestServer();

/** A two-tile play at the centre from the rack that forms no word (a phony). */
async function phonyOpening(gameId: string) {
  const m = await bestMove(server, gameId);
  const lexicon = loadLexicon(m.g.rules.lexicon);
  const letters = m.rack.replace(/[^A-Z]/g, '');
  for (let i = 0; i < letters.length; i++) {
    for (let j = 0; j < letters.length; j++) {
      if (i === j) continue;
      const word = letters[i] + letters[j];
      const parsed = parseTiles(m.g.set, word, 'word');
      if (parsed.ok && !lexicon.has(parsed.value)) return { m, text: `8H ${word}`, word };
    }
  }
  return undefined;
}

describe('correspondence spectators', () => {
  it('never see the tiles a challenge takes back', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const p = await twoPlayers(server);
      const gameId = await startGame(p.sa, p.sb, {
        correspondence: true,
        challengeRule: ChallengeRule.DOUBLE,
      });
      const phony = await phonyOpening(gameId);
      if (!phony) {
        p.close();
        continue;
      }
      const watcher = await TestSocket.open(
        server,
        `?path=${encodeURIComponent(`/game/${gameId}`)}`,
      );
      await watcher.next(MessageType.GAME_HISTORY_REFRESHER);
      const mover = phony.m.g.players[phony.m.player].userId === p.a.userId ? p.sa : p.sb;
      const other = mover === p.sa ? p.sb : p.sa;
      let from = mover.received.length;
      sendMove(mover, gameId, phony.text);
      await updateAfter(mover, phony.m.eventCount, from);
      from = other.received.length;
      const watched = watcher.received.length;
      other.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        gameId,
        type: Action.CHALLENGE_PLAY,
      });
      const told = await other.next(MessageType.SERVER_CHALLENGE_RESULT_EVENT, from);
      expect(told.valid).toBe(false);
      expect(told.returnedTiles).toBe(phony.word);
      const seen = await watcher.next(MessageType.SERVER_CHALLENGE_RESULT_EVENT, watched);
      expect(seen.valid).toBe(false);
      expect(seen.returnedTiles).toBe('');
      const anything = JSON.stringify(watcher.received.slice(watched), (_k, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v,
      );
      expect(anything).not.toContain(`"${phony.word}"`);
      watcher.close();
      p.close();
      return;
    }
    throw new Error('no rack in five games allowed a two-tile phony');
  }, 60_000);
});
