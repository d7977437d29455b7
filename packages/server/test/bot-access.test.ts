import { renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { Memberships } from '../src/index.ts';
import { registerUser, rpc, useTestServer } from './harness.ts';

/** BotService.GetBotAccess: what the bot form shows before a game is asked for (issue 25). */

const server = useTestServer();

/** Each bot's refusal as the user would read it ('' when open). */
async function access(cookie?: string): Promise<Record<string, string>> {
  const r = await rpc<{ bots: { botType: string; refusal?: string }[] }>(
    server,
    'BotService',
    'GetBotAccess',
    {},
    { cookie },
  );
  expect(r.error).toBeUndefined();
  return Object.fromEntries(
    r.body.bots.map((b) => [b.botType, b.refusal ? renderError(b.refusal) : '']),
  );
}

describe('bot access', () => {
  it('locks BestBot for a player without membership, and says when a member has used the month', async () => {
    const memberships = new Memberships(server.core.database.db);
    const u = await registerUser(server);
    const before = await access(u.cookie);
    expect(before.BestBot).toBe('BestBot is only available to members and special access players.');
    expect(before.BeginnerBot).toBe('');

    await memberships.set(u.userId, 'Chihuahua', 'member-123');
    expect((await access(u.cookie)).BestBot).toBe('');
    // Asking takes nothing from the allowance.
    expect(await memberships.used(u.userId)).toBe(0);
    for (let i = 0; i < 4; i++) await memberships.takeGatedGame(u.userId);
    expect((await access(u.cookie)).BestBot).toMatch(
      /^You've used your 4 games this month\. You can play again on /,
    );

    await server.core.roles.grant(u.userId, 'Special Access Player');
    expect((await access(u.cookie)).BestBot).toBe('');
  });

  it('refuses every bot to a visitor', async () => {
    const all = await access();
    expect(Object.values(all).every((t) => t === 'You must be logged in to do that.')).toBe(true);
  });
});
