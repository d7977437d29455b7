import { useServices, useSession } from '../../app/services.tsx';
import type { Person } from '../../stores/social-store.ts';
import { pmChannel } from '../../stores/channels.ts';
import { totalUnread } from '../../stores/chat-store.ts';
import { ChannelList } from './ChannelList.tsx';
import { Conversation } from './Conversation.tsx';
import { useChat } from '../../stores/use-chat.ts';

export type ChatView = { kind: 'list' } | { kind: 'channel'; channel: string; title: string };

/** Starts (or returns to) a private chat: "Chat with {name}" on the pm channel of the two ids. */
export function privateChatView(me: string, p: Person): ChatView {
  return { kind: 'channel', channel: pmChannel(me, p.uuid), title: `Chat with ${p.username}` };
}

/**
 * The Chat tab: the chat list or one conversation, with an "All chats"
 * breadcrumb back to the list that counts unread lines elsewhere.
 */
export function ChatPanel({
  view,
  setView,
  channel,
  channelName,
  visible,
  onMatchUser,
}: {
  view: ChatView;
  setView: (v: ChatView) => void;
  channel: string;
  channelName: string;
  visible: boolean;
  onMatchUser?: (username: string) => void;
}) {
  const { chat } = useServices();
  const session = useSession();
  const { unread } = useChat();
  const elsewhere = view.kind === 'channel' ? totalUnread(unread, view.channel) : 0;

  const start = (p: Person) => {
    const v = privateChatView(session.userId, p);
    if (v.kind === 'channel') {
      chat.addChannel({
        name: v.channel,
        displayName: `pm:${p.username}`,
        lastUpdate: Date.now(),
        lastMessage: '',
      });
    }
    setView(v);
  };

  return (
    <div className="chat-panel">
      <nav className="breadcrumb" aria-label="Chat">
        {view.kind === 'list' ? (
          <span aria-current="page">All chats</span>
        ) : (
          <>
            <button type="button" className="link-button" onClick={() => setView({ kind: 'list' })}>
              All chats
              {elsewhere > 0 && (
                <span className="badge">
                  {elsewhere}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </button>
            <span aria-hidden="true" className="breadcrumb-sep">
              ›
            </span>
            <span aria-current="page" className="breadcrumb-current">
              {view.title}
            </span>
          </>
        )}
      </nav>
      {view.kind === 'list' ? (
        <ChannelList
          channel={channel}
          channelName={channelName}
          onOpen={(name, title) => setView({ kind: 'channel', channel: name, title })}
          onStart={start}
        />
      ) : (
        <Conversation
          key={view.channel}
          channel={view.channel}
          title={view.title}
          visible={visible}
          onMatchUser={onMatchUser}
        />
      )}
    </div>
  );
}
