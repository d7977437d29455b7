import type { Transport } from '@connectrpc/connect';
import { MessageType, SessionInfoSchema } from '@tessera/protocol';
import { createApiClients, createApiTransport } from '../rpc/clients.ts';
import { SessionStore } from '../session/session-store.ts';
import {
  sameOriginSocketUrl,
  SocketClient,
  type SocketClientOptions,
} from '../realtime/socket-client.ts';
import { NotificationStore } from '../ui/notifications.ts';
import { ChatStore } from '../stores/chat-store.ts';
import { LobbyStore } from '../stores/lobby-store.ts';
import { SocialStore } from '../stores/social-store.ts';
import { preferences } from '../preferences/preferences.ts';
import { SoundPlayer, type AudioContextLike } from '../sound/sound-player.ts';
import { wireSounds } from '../sound/wire-sounds.ts';
import { createQueryClient } from './query-client.ts';
import type { Services } from './services.tsx';

/**
 * Builds the app's long-lived objects and wires them together: the socket
 * takes a fresh token (which names whoever the session cookie belongs to)
 * for every connection and reconnects whenever the session changes hands;
 * when the socket's SESSION_INFO names someone else than the session store
 * does, the store asks the server again.
 */
export function createServices(
  options: {
    transport?: Transport;
    socket?: Partial<Pick<SocketClientOptions, 'createSocket' | 'url' | 'now'>>;
    /** Where sounds are played (tests pass a fake audio context). */
    audio?: () => AudioContextLike | null;
  } = {},
): Services {
  const api = createApiClients(options.transport ?? createApiTransport());
  const session = new SessionStore(api);
  const socket = new SocketClient({
    url: options.socket?.url ?? ((token) => sameOriginSocketUrl(token)),
    createSocket: options.socket?.createSocket,
    now: options.socket?.now,
    // The server issues tokens to visitors too (naming nobody).
    getToken: async () => (await api.auth.getSocketToken({})).token,
  });
  let userId = session.getSnapshot().userId;
  session.subscribe(() => {
    const next = session.getSnapshot();
    if (next.known && next.userId !== userId) {
      userId = next.userId;
      socket.reconnect();
    }
  });
  // The socket's view of who is logged in wins over a stale page: a session
  // that expired, or a login in another tab, shows up here first.
  socket.on(MessageType.SESSION_INFO, SessionInfoSchema, (info) => {
    const current = session.getSnapshot();
    if (current.known && info.userId !== current.userId) void session.refresh();
  });
  // Lobby, chat and friends live as long as the app: a match request, a
  // decline or a private message reaches the user on any page.
  const social = new SocialStore(api, session);
  const sighted = (uuid: string, username: string) => social.remember(uuid, username);
  const lobby = new LobbyStore(socket, sighted);
  const chat = new ChatStore(api, socket, session, sighted);
  const sounds = new SoundPlayer(() => preferences.getSnapshot().silentSite, options.audio);
  wireSounds(socket, session, sounds, (id) => social.getSnapshot().hidden.has(id));
  return {
    api,
    queries: createQueryClient(),
    session,
    socket,
    notifications: new NotificationStore(),
    lobby,
    chat,
    social,
    sounds,
  };
}
