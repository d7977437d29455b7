import { describe, expect, it } from 'vitest';
import { startGame, twoPlayers } from './game-helpers.ts';
import { TWO_PROCESSES, useTestServer } from './harness.ts';
import { readClock } from '../src/modules/game/clock.ts';

/**
 * Time the server was down is charged to nobody: after a restart that
 * followed a few seconds with no server process, the player on turn has the
 * time they had when it went down.
 */
const server = useTestServer();

// With a second process the platform never goes down, so there is nothing to credit.
describe.skipIf(TWO_PROCESSES)('a restart after an outage', () => {
  it('gives the player on turn back the time the server was down', async () => {
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb, { initialTimeSeconds: 60 });
    p.close();
    const before = (await server.services.games.row(gameId))!;
    const onTurn = before.player_on_turn;
    const downAt = Date.now();
    const leftAtDown = readClock(before.clock, downAt)[onTurn];
    await server.restart(5000);
    const after = (await server.services.games.row(gameId))!;
    const now = Date.now();
    const left = readClock(after.clock, now)[onTurn];
    // Charged for the moments the server was up (closing, starting), not the 5 s it was down.
    expect(now - downAt).toBeGreaterThan(5000);
    expect(leftAtDown - left).toBeLessThan(2500);
    expect(after.flag_at!.getTime()).toBeGreaterThan(before.flag_at!.getTime() + 2500);
  }, 60_000);
});
