import { ChatMessageSchema, MessageType, renderError } from '@tessera/protocol';
import { registerUser, rpc, type TestServer, TestSocket } from './harness.ts';

/** A ModService call as the cookie's owner. */
export const mod = <T = Record<string, unknown>>(
  server: { url: string },
  method: string,
  body: unknown,
  cookie?: string,
) => rpc<T>(server, 'ModService', method, body, { cookie });

/** Posts a chat line; resolves to 'posted' or the refusal's text as the user reads it. */
export async function post(s: TestSocket, channel: string, message: string): Promise<string> {
  const from = s.received.length;
  s.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message });
  // Handled after the line: a refusal, if any, has arrived by then.
  await s.barrier();
  const error = s.received.slice(from).find((r) => r.type === MessageType.ERROR_MESSAGE);
  return error ? renderError(error.message.message as string) : 'posted';
}

/** A moderator and a player; the player's socket is on the peer process (the second one in two-process mode). */
export async function moderatorAndPlayer(server: TestServer) {
  const moderator = await registerUser(server);
  await server.core.roles.grant(moderator.userId, 'Moderator');
  const player = await registerUser(server);
  const peer = await server.peer();
  const socket = await TestSocket.withToken(peer, player.cookie, '/');
  await socket.next(MessageType.SESSION_INFO);
  return { moderator, player, peer, socket };
}

/** The ISO end time a refusal names, as a Date. */
export function namedEnd(text: string): Date {
  const m = /(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/.exec(text);
  if (!m) throw new Error(`no end time in "${text}"`);
  return new Date(m[1]);
}
