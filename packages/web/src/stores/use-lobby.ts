import { useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';
import type { LobbyState } from './lobby-store.ts';

/** The lobby state, re-rendering on every change. */
export function useLobby(): LobbyState {
  const { lobby } = useServices();
  return useSyncExternalStore(lobby.subscribe, lobby.getSnapshot);
}
