import { useCallback, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import type { Person } from '../../stores/social-store.ts';
import { PlayersPanel, type PlayerSection } from '../social/index.ts';
import { channelTitle } from '../../stores/channels.ts';
import { totalUnread } from '../../stores/chat-store.ts';
import { ChatPanel, privateChatView, type ChatView } from './ChatPanel.tsx';
import { ChatOpenerContext, unreadBadge, useChat } from '../../stores/use-chat.ts';
import './side-panel.css';

export type SidePanelContext = 'lobby' | 'game' | 'observer' | 'tournament' | 'other';
export type SideTab = 'players' | 'chat';

/**
 * The default tab (docs/product/gameplay.md §2 "Side panel tabs"): Chat when logged out or the
 * page's channel is suppressed; Players in the lobby; Chat for game,
 * observer and tournament channels; otherwise Players.
 */
export function defaultSideTab(
  context: SidePanelContext,
  loggedIn: boolean,
  suppressed: boolean,
): SideTab {
  if (!loggedIn || suppressed) return 'chat';
  if (context === 'lobby') return 'players';
  if (context === 'game' || context === 'observer' || context === 'tournament') return 'chat';
  return 'players';
}

export interface SidePanelProps {
  context: SidePanelContext;
  /** The page's chat channel (chat.lobby, chat.game.{id}, chat.gametv.{id} ...). */
  channel: string;
  /** Its name in the list and breadcrumb; derived from the channel when absent. */
  channelName?: string;
  /** Open on the chat list instead of the page's channel. */
  suppressChannel?: boolean;
  /** Present players given by the page (OPPONENT, OBSERVERS ...), after FRIENDS. */
  sections?: readonly PlayerSection[];
  /** What "Match user" does here; elsewhere it opens the lobby's Match a friend. */
  onMatchUser?: (username: string) => void;
}

/**
 * Players and Chat, for the lobby and (exported for) the game room. The
 * Chat tab's badge counts unread lines, shown as ! at 10 or more.
 */
export function SidePanel({
  context,
  channel,
  channelName,
  suppressChannel = false,
  sections = [],
  onMatchUser,
}: SidePanelProps) {
  const session = useSession();
  const { chat } = useServices();
  const { unread } = useChat();
  const name = channelName ?? channelTitle(channel);
  const [chosen, setChosen] = useState<SideTab | null>(null);
  const tab = chosen ?? defaultSideTab(context, session.loggedIn, suppressChannel);
  const initialView: ChatView = suppressChannel
    ? { kind: 'list' }
    : { kind: 'channel', channel, title: name };
  const [view, setView] = useState<{ for: string; view: ChatView }>({
    for: channel,
    view: initialView,
  });
  const current = view.for === channel ? view.view : initialView;
  const show = (v: ChatView) => setView({ for: channel, view: v });

  const onScreen = tab === 'chat' && current.kind === 'channel' ? current.channel : undefined;
  const badge = unreadBadge(totalUnread(unread, onScreen));

  const openChat = useCallback(
    (p: Person) => {
      const v = privateChatView(session.userId, p);
      if (v.kind === 'channel')
        chat.addChannel({
          name: v.channel,
          displayName: `pm:${p.username}`,
          lastUpdate: Date.now(),
          lastMessage: '',
        });
      setChosen('chat');
      setView({ for: channel, view: v });
    },
    [chat, channel, session.userId],
  );

  return (
    <ChatOpenerContext.Provider value={openChat}>
      <section className="card side-panel" aria-label="Players and chat">
        <Tabs
          label="Side panel"
          selected={tab}
          onSelect={setChosen}
          tabs={[
            { id: 'players', label: 'Players' },
            { id: 'chat', label: 'Chat', badge, badgeLabel: 'unread' },
          ]}
        >
          {tab === 'players' ? (
            <PlayersPanel
              sections={sections}
              presenceChannel={context === 'lobby' ? channel : undefined}
              presenceHeading={context === 'lobby' ? 'IN LOBBY' : undefined}
              onMatchUser={onMatchUser}
            />
          ) : (
            <ChatPanel
              view={current}
              setView={show}
              channel={channel}
              channelName={name}
              visible={tab === 'chat'}
              onMatchUser={onMatchUser}
            />
          )}
        </Tabs>
      </section>
    </ChatOpenerContext.Provider>
  );
}
