import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { UserName } from '../social/index.ts';
import { useSocial } from '../../stores/use-social.ts';
import type { ChatLine } from '../../stores/chat-store.ts';
import { ChatInput } from './ChatInput.tsx';
import { presenceRealm } from '../../stores/channels.ts';
import { PresenceList } from './PresenceList.tsx';
import { useChat } from '../../stores/use-chat.ts';
import { BriefProfileMark } from '../../ui/BriefProfileMark.tsx';

/** How close to the bottom still counts as "at the bottom" (px). */
const BOTTOM_SLACK = 24;
const EMPTY: readonly ChatLine[] = [];

function timeOf(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * One channel's lines and its input (docs/product/gameplay.md §4 "Chat"): scrolls itself to the
 * newest line unless the reader has scrolled up, in which case a marker
 * offers the new lines. Lines of blocked players never show, and nothing
 * shows until the block list is known.
 */
export function Conversation({
  channel,
  title,
  visible,
  onMatchUser,
}: {
  channel: string;
  title: string;
  visible: boolean;
  onMatchUser?: (username: string) => void;
}) {
  const { chat } = useServices();
  const session = useSession();
  const state = useChat();
  const social = useSocial();
  const log = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const all = state.lines[channel] ?? EMPTY;
  const lines = all.filter((l) => !social.hidden.has(l.senderId));
  const history = state.history[channel];
  const unread = state.unread[channel] ?? 0;
  const ready = social.loaded || !session.loggedIn;

  useEffect(() => chat.open(channel), [chat, channel]);

  useEffect(() => {
    chat.watch(channel, visible && atBottom);
    return () => chat.watch(channel, false);
  }, [chat, channel, visible, atBottom]);

  // New lines: follow them down if the reader was at the bottom.
  useLayoutEffect(() => {
    const el = log.current;
    if (el && atBottom) el.scrollTop = el.scrollHeight;
  }, [lines.length, atBottom, ready]);

  function onScroll() {
    const el = log.current;
    if (!el) return;
    setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK);
  }

  function toBottom() {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
    setAtBottom(true);
  }

  const realm = presenceRealm(channel);
  const here = realm ? state.presence[realm] : undefined;
  return (
    <div className="conversation">
      {here && (
        <PresenceList
          presence={here}
          observers={channel.startsWith('chat.gametv.')}
          onMatchUser={onMatchUser}
        />
      )}
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-label={title}
        tabIndex={0}
        onScroll={onScroll}
      >
        {!ready || history === 'loading' ? (
          <p className="chat-status">Loading messages…</p>
        ) : (
          <>
            {history === 'failed' && (
              <p className="chat-status">Earlier messages could not be loaded.</p>
            )}
            {lines.length === 0 && history !== 'failed' && (
              <p className="chat-status">No messages yet.</p>
            )}
            {lines.map((l) => (
              <Line key={l.id} line={l} channel={channel} onMatchUser={onMatchUser} />
            ))}
          </>
        )}
      </div>
      {!atBottom && unread > 0 && (
        <button type="button" className="new-messages" onClick={toBottom}>
          {unread === 1 ? '1 new message' : `${unread} new messages`} ↓
        </button>
      )}
      <ChatInput channel={channel} />
    </div>
  );
}

function Line({
  line: l,
  channel,
  onMatchUser,
}: {
  line: ChatLine;
  channel: string;
  onMatchUser?: (u: string) => void;
}) {
  if (l.kind !== 'user') {
    return (
      <div className={`chat-line chat-line-${l.kind}`}>
        <span className="chat-text">{l.message}</span>
      </div>
    );
  }
  return (
    <div className="chat-line">
      <time className="chat-time" dateTime={new Date(l.timestamp).toISOString()}>
        {timeOf(l.timestamp)}
      </time>
      <BriefProfileMark userId={l.senderId} />
      <UserName
        person={{ uuid: l.senderId, username: l.sender }}
        onMatchUser={onMatchUser}
        className="chat-sender"
        chatLine={{ channel, id: l.id, message: l.message }}
      />
      <span className="chat-text">{l.message}</span>
    </div>
  );
}
