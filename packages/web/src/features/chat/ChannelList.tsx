import { useEffect, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import type { Person } from '../../stores/social-store.ts';
import { channelTitle } from '../../stores/channels.ts';
import { FindPlayer } from './FindPlayer.tsx';
import { useChat } from '../../stores/use-chat.ts';

/**
 * The chat list (docs/product/gameplay.md §2 "Side panel tabs"): the page's own channel, then
 * YOUR CHATS (private chats, newest first) with unread counts, and
 * "+ Start new chat" with its Find player search.
 */
export function ChannelList({
  channel,
  channelName,
  onOpen,
  onStart,
}: {
  /** The page's channel, always listed first. */
  channel: string;
  channelName: string;
  onOpen: (channel: string, title: string) => void;
  onStart: (p: Person) => void;
}) {
  const { chat } = useServices();
  const session = useSession();
  const state = useChat();
  const [finding, setFinding] = useState(false);

  useEffect(() => {
    if (session.loggedIn) void chat.loadChannels();
  }, [chat, session.loggedIn]);

  const mine = state.channels.filter((c) => c.name !== channel);
  const entry = (name: string, title: string, preview: string) => {
    const unread = state.unread[name] ?? 0;
    return (
      <li key={name}>
        <button
          type="button"
          className={`channel${unread ? ' channel-unread' : ''}`}
          onClick={() => onOpen(name, title)}
        >
          <span className="channel-title">{title}</span>
          {preview && <span className="channel-preview">{preview}</span>}
          {unread > 0 && (
            <span className="badge">
              {unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </button>
      </li>
    );
  };

  return (
    <div className="channel-list">
      <ul className="channels">{entry(channel, channelName, '')}</ul>
      {session.loggedIn && (
        <>
          <h3 className="section-heading">YOUR CHATS</h3>
          {mine.length > 0 ? (
            <ul className="channels">
              {mine.map((c) => entry(c.name, channelTitle(c.name, c.displayName), c.lastMessage))}
            </ul>
          ) : (
            <p className="muted small">
              {state.channelsLoaded ? 'No private chats yet.' : 'Loading your chats…'}
            </p>
          )}
          {finding ? (
            <FindPlayer
              onPick={(p) => {
                setFinding(false);
                onStart(p);
              }}
              onCancel={() => setFinding(false)}
            />
          ) : (
            <button type="button" className="start-chat" onClick={() => setFinding(true)}>
              + Start new chat
            </button>
          )}
        </>
      )}
    </div>
  );
}
