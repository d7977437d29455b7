import { createContext, useContext, useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';
import type { Person } from './social-store.ts';
import type { ChatState } from './chat-store.ts';

export function useChat(): ChatState {
  const { chat } = useServices();
  return useSyncExternalStore(chat.subscribe, chat.getSnapshot);
}

/** Lets a name's context menu open a private chat in the side panel it sits in. */
export const ChatOpenerContext = createContext<((p: Person) => void) | null>(null);

export function useChatOpener(): ((p: Person) => void) | null {
  return useContext(ChatOpenerContext);
}

/** The Chat tab's badge text: the count, or "!" at 10 or more (docs/product/gameplay.md §2). */
export function unreadBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count >= 10 ? '!' : String(count);
}
