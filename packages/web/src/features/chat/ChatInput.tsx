import { useState, type KeyboardEvent } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import {
  CHAT_PLACEHOLDER,
  HELP_CHAT_DISABLED_TEXT,
  HELP_CHAT_ENABLED,
  HELP_PLACEHOLDER,
  LOBBY_CHANNEL,
} from '../../stores/channels.ts';

/** The server refuses longer lines. */
export const CHAT_MAX_LENGTH = 500;

/**
 * The line under a conversation (docs/product/gameplay.md §5 "Chat"): Enter sends, empty or
 * whitespace-only text is never sent, disabled when logged out. The lobby's
 * help channel shows "Help chat is disabled." instead while it is closed.
 */
export function ChatInput({ channel }: { channel: string }) {
  const { chat } = useServices();
  const session = useSession();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const help = channel === LOBBY_CHANNEL;

  if (help && !HELP_CHAT_ENABLED) {
    return (
      <p className="chat-closed" role="note">
        {HELP_CHAT_DISABLED_TEXT}
      </p>
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!text.trim()) return;
    if (chat.send(channel, text)) {
      setText('');
      setFailed(false);
    } else {
      setFailed(true);
    }
  }

  return (
    <div className="chat-input">
      <input
        type="text"
        aria-label="Chat message"
        placeholder={help ? HELP_PLACEHOLDER : CHAT_PLACEHOLDER}
        disabled={!session.loggedIn}
        maxLength={CHAT_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      {!session.loggedIn && <p className="chat-hint">Log in to chat.</p>}
      {failed && (
        <p className="chat-hint chat-hint-error" role="alert">
          Not connected: your message was not sent.
        </p>
      )}
    </div>
  );
}
