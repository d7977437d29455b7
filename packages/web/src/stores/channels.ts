/**
 * Chat channel names (docs/product/gameplay.md §3 "Chat channel"): chat.lobby,
 * chat.game.{id}, chat.gametv.{id}, chat.tournament.{id}, chat.puzzlelobby
 * and chat.pm.{a}_{b} with the two user ids sorted.
 */
export const LOBBY_CHANNEL = 'chat.lobby';

/**
 * The lobby channel is the help chat. While it is closed the lobby shows
 * "Help chat is disabled." where the input would be (docs/product/gameplay.md §2 "Side panel
 * tabs"); turning this on gives it the "Ask or answer question..." input.
 */
export const HELP_CHAT_ENABLED = false;
export const HELP_CHAT_DISABLED_TEXT = 'Help chat is disabled.';
export const HELP_PLACEHOLDER = 'Ask or answer question...';
export const CHAT_PLACEHOLDER = 'chat...';

export function pmChannel(a: string, b: string): string {
  return `chat.pm.${[a, b].sort().join('_')}`;
}

export function isPmChannel(channel: string): boolean {
  return channel.startsWith('chat.pm.');
}

/** The other participant's id in a private channel. */
export function pmOther(channel: string, me: string): string | undefined {
  if (!isPmChannel(channel)) return undefined;
  const ids = channel.slice('chat.pm.'.length).split('_');
  if (ids.length !== 2 || !ids.includes(me)) return undefined;
  return ids[0] === me ? ids[1] : ids[0];
}

/**
 * The realm whose presence list belongs to a chat channel: the server sends
 * presence under realm names (lobby, game.{id}, gametv.{id} ...), chat uses
 * channel names (chat.lobby, chat.game.{id} ...).
 */
export function presenceRealm(channel: string): string | undefined {
  if (channel === LOBBY_CHANNEL) return 'lobby';
  if (channel === 'chat.puzzlelobby') return 'puzzle';
  const m = /^chat\.((?:game|gametv|tournament)\..+)$/.exec(channel);
  return m?.[1];
}

export function gameChannel(gameId: string, observer: boolean): string {
  return observer ? `chat.gametv.${gameId}` : `chat.game.${gameId}`;
}

/**
 * What a channel is called in the list and above a conversation. A private
 * channel is "Chat with {name}"; its display name from the server is
 * "pm:{name}".
 */
export function channelTitle(channel: string, displayName = ''): string {
  if (displayName.startsWith('pm:')) return `Chat with ${displayName.slice(3)}`;
  if (channel === LOBBY_CHANNEL) return 'Help chat';
  if (channel === 'chat.puzzlelobby') return 'Puzzle chat';
  if (channel.startsWith('chat.gametv.')) return 'Observer chat';
  if (channel.startsWith('chat.game.')) return 'Game chat';
  if (channel.startsWith('chat.tournament.')) return 'Tournament chat';
  if (isPmChannel(channel)) return 'Private chat';
  return displayName || channel;
}
