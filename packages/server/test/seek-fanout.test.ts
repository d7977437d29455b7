import { MessageType, SeekRequestSchema } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

/** A signed-in socket on `path`, once the server has put it in the page's realms. */
async function signedIn(path: string) {
  const user = await registerUser(server);
  const socket = await TestSocket.withToken(server, user.cookie, path);
  await socket.next(MessageType.SESSION_INFO);
  return { user, socket };
}

const seeksIn = (s: TestSocket, seekerId: string) =>
  s.received.filter(
    (m) =>
      m.type === MessageType.SEEK_REQUEST &&
      (m.message as { user?: { userId: string } }).user?.userId === seekerId,
  );

describe('who is sent a new seek', () => {
  it('an open seek reaches lobby players who may see it, not blocked players, visitors or other pages', async () => {
    const seeker = await signedIn('/');
    const other = await signedIn('/');
    const blocked = await signedIn('/');
    const elsewhere = await signedIn('/settings');
    const visitor = await TestSocket.open(server, '?path=/');
    await visitor.next(MessageType.SESSION_INFO);
    const refusal = await rpc(
      server,
      'SocializeService',
      'AddBlock',
      { uuid: blocked.user.userId },
      { cookie: seeker.user.cookie },
    );
    expect(refusal.status).toBe(200);
    // Joins the lobby last: the seek's fan-out visits lobby sockets in the
    // order they joined, so once this one has it, every earlier one was decided.
    const last = await signedIn('/');

    seeker.socket.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: gameRequest(),
      minimumRatingRange: -500,
      maximumRatingRange: 500,
    });
    await last.socket.nextWhere(
      MessageType.SEEK_REQUEST,
      (m) => (m.user as { userId: string }).userId === seeker.user.userId,
    );
    expect(seeksIn(other.socket, seeker.user.userId)).toHaveLength(1);
    expect(seeksIn(seeker.socket, seeker.user.userId)).toHaveLength(1);
    expect(seeksIn(blocked.socket, seeker.user.userId)).toEqual([]);
    expect(seeksIn(visitor, seeker.user.userId)).toEqual([]);
    expect(seeksIn(elsewhere.socket, seeker.user.userId)).toEqual([]);
    for (const s of [seeker, other, blocked, elsewhere, last]) s.socket.close();
    visitor.close();
  });

  it('a match request reaches its receiver on any page and the seeker in the lobby, nobody else', async () => {
    const seeker = await signedIn('/');
    const bystander = await signedIn('/');
    const receiver = await signedIn('/settings');
    seeker.socket.send(MessageType.MATCH_REQUEST, SeekRequestSchema, {
      gameRequest: gameRequest(),
      receivingUser: { displayName: receiver.user.username },
    });
    // The seeker's own copy is the fan-out's last send.
    await receiver.socket.next(MessageType.SEEK_REQUEST);
    await seeker.socket.next(MessageType.SEEK_REQUEST);
    expect(seeksIn(receiver.socket, seeker.user.userId)).toHaveLength(1);
    expect(seeksIn(bystander.socket, seeker.user.userId)).toEqual([]);
    for (const s of [seeker, bystander, receiver]) s.socket.close();
  });
});
