import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClients } from '../rpc/clients.ts';
import type { SessionStore, Session } from '../session/session-store.ts';
import type { SocketClient, SocketState } from '../realtime/socket-client.ts';
import type { NotificationStore } from '../ui/notifications.ts';
import type { ChatStore } from '../stores/chat-store.ts';
import type { LobbyStore } from '../stores/lobby-store.ts';
import type { SocialStore } from '../stores/social-store.ts';
import type { SoundPlayer } from '../sound/sound-player.ts';

/**
 * Everything with a life outside React — the RPC clients, the cache of
 * server data, the session store, the socket, the notification queue and
 * the lobby, chat and social stores — is made once at start-up
 * (main.tsx, or a test) and handed down through this one context.
 */
export interface Services {
  api: ApiClients;
  /** Server data loaded through `api`, cached per query key (rpc/queries.ts). */
  queries: QueryClient;
  session: SessionStore;
  socket: SocketClient;
  notifications: NotificationStore;
  /** Seeks, match requests, live and correspondence games (features/lobby). */
  lobby: LobbyStore;
  /** Chat lines, unread counts and the user's channels (features/chat). */
  chat: ChatStore;
  /** Friends, blocks and the players seen so far (features/social). */
  social: SocialStore;
  /** The site's sounds, muted by the silent site setting (sound/). */
  sounds: SoundPlayer;
}

const ServicesContext = createContext<Services | null>(null);

/** The services, or null outside a ServicesProvider (a component shown on its own). */
export function useOptionalServices(): Services | null {
  return useContext(ServicesContext);
}

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queries}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it');
  return services;
}

export function useSession(): Session {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

export function useSocketState(): SocketState {
  const { socket } = useServices();
  return useSyncExternalStore(socket.subscribe, socket.getSnapshot);
}
