import {
  ChatMessage_EntityType,
  ChatMessageDeletedSchema,
  ChatMessageSchema,
  MessageType,
  PresenceEntrySchema,
  PresenceListSchema,
  SessionInfoSchema,
  type ChatMessage,
} from '@tessera/protocol';
import type { ApiClients } from '../rpc/clients.ts';
import type { SocketClient } from '../realtime/socket-client.ts';
import type { SessionStore } from '../session/session-store.ts';
import { isPmChannel, pmOther } from './channels.ts';
import { RoomNotices } from './room-notices.ts';
import { Listeners } from './listeners.ts';

/** Lines kept per channel (docs/product/gameplay.md §9). */
export const CHAT_BUFFER = 150;
/** Channels fetched for the chat list (docs/product/gameplay.md §7). */
export const ACTIVE_CHANNELS = 20;

export interface ChatLine {
  id: string;
  channel: string;
  sender: string;
  senderId: string;
  message: string;
  /** ms since the epoch */
  timestamp: number;
  kind: 'user' | 'server' | 'error';
}

export interface ChannelSummary {
  name: string;
  /** "pm:{name}" for a private chat. */
  displayName: string;
  lastUpdate: number;
  lastMessage: string;
}

export interface Presence {
  /** Named users present: all of them, or in a crowded realm a sample (decision 0156). */
  users: readonly { uuid: string; username: string }[];
  /** How many named users are present: more than `users` when those are a sample. */
  named: number;
  anonymous: number;
}

/** A realm's presence after one announcement: a user named, or counts of visitors and users. */
export function presenceAfter(
  now: Presence,
  e: {
    userId: string;
    username: string;
    isAnonymous: boolean;
    deleting: boolean;
    anonymousDelta: number;
    namedDelta: number;
  },
): Presence {
  if (e.isAnonymous || e.namedDelta !== 0) {
    // Counts of who came or went; an anonymous entry without one is one visitor (older servers).
    const visitors =
      e.isAnonymous && e.anonymousDelta === 0 ? (e.deleting ? -1 : 1) : e.anonymousDelta;
    return {
      users: now.users,
      named: Math.max(now.users.length, now.named + e.namedDelta),
      anonymous: Math.max(0, now.anonymous + visitors),
    };
  }
  const had = now.users.some((u) => u.uuid === e.userId);
  const users = now.users.filter((u) => u.uuid !== e.userId);
  if (!e.deleting) users.push({ uuid: e.userId, username: e.username });
  // A user named in a sample may be one the sample did not hold.
  const change = e.deleting ? -1 : had ? 0 : 1;
  const sample = now.named > now.users.length;
  const named = sample ? Math.max(users.length, now.named + change) : users.length;
  return { users, named, anonymous: now.anonymous };
}

export interface ChatState {
  lines: Readonly<Record<string, readonly ChatLine[]>>;
  history: Readonly<Record<string, 'loading' | 'loaded' | 'failed'>>;
  unread: Readonly<Record<string, number>>;
  /** This user's chats, newest first (the list's YOUR CHATS). */
  channels: readonly ChannelSummary[];
  channelsLoaded: boolean;
  presence: Readonly<Record<string, Presence>>;
}

const EMPTY: ChatState = {
  lines: {},
  history: {},
  unread: {},
  channels: [],
  channelsLoaded: false,
  presence: {},
};

function line(m: ChatMessage): ChatLine {
  return {
    id: m.id || `${m.channel}:${m.timestamp}:${m.message.length}`,
    channel: m.channel,
    sender: m.sender,
    senderId: m.senderId,
    message: m.message,
    timestamp: Number(m.timestamp),
    kind:
      m.entityType === ChatMessage_EntityType.SERVER_MESSAGE
        ? 'server'
        : m.entityType === ChatMessage_EntityType.ERROR_MESSAGE
          ? 'error'
          : 'user',
  };
}

/** Merges lines by id in time order, keeping the newest CHAT_BUFFER. */
function merge(a: readonly ChatLine[], b: readonly ChatLine[]): ChatLine[] {
  const byId = new Map<string, ChatLine>();
  for (const l of [...a, ...b]) byId.set(l.id, l);
  return [...byId.values()].sort((x, y) => x.timestamp - y.timestamp).slice(-CHAT_BUFFER);
}

/**
 * Chat for the whole app: lines pushed over the socket for any channel,
 * history fetched when a channel opens, unread counts, and the user's
 * channel list. A conversation on screen and scrolled to the bottom tells
 * the store through `watch`, so its new lines do not count as unread.
 */
export class ChatStore {
  private state: ChatState = EMPTY;
  private readonly listeners = new Listeners();
  private readonly watching = new Set<string>();
  private userId = '';
  private generation = 0;
  /** Whether this user has had a connection already: the next SESSION_INFO is a reconnect. */
  private connectedBefore = false;
  private readonly notices = new RoomNotices();

  constructor(
    private readonly api: Pick<ApiClients, 'social'>,
    private readonly socket: SocketClient,
    session: SessionStore,
    private readonly sighted: (uuid: string, username: string) => void = () => {},
  ) {
    const onSession = () => {
      const s = session.getSnapshot();
      if (!s.known || s.userId === this.userId) return;
      this.userId = s.userId;
      this.generation++;
      this.connectedBefore = false;
      this.set(EMPTY);
    };
    session.subscribe(onSession);
    onSession();
    socket.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (m) => this.receive(line(m)));
    // Lines sent while the socket was down never arrive over it: after a
    // reconnect, fetch the history of every channel opened so far again.
    socket.on(MessageType.SESSION_INFO, SessionInfoSchema, () => {
      if (this.connectedBefore) this.refetch();
      this.connectedBefore = true;
    });
    socket.on(MessageType.CHAT_MESSAGE_DELETED, ChatMessageDeletedSchema, (m) => {
      const lines = this.state.lines[m.channel];
      if (lines)
        this.setLines(
          m.channel,
          lines.filter((l) => l.id !== m.id),
        );
    });
    socket.on(MessageType.PRESENCE_LIST, PresenceListSchema, (m) => {
      const users = m.entries
        .filter((e) => !e.isAnonymous && !e.deleting)
        .map((e) => ({ uuid: e.userId, username: e.username }));
      for (const u of users) this.sighted(u.uuid, u.username);
      // A long list comes in parts; later parts add to the first.
      const all = [...(m.continued ? (this.state.presence[m.channel]?.users ?? []) : []), ...users];
      // In a crowded realm the names are a sample of named_count (decision 0156).
      const named = Math.max(all.length, m.namedCount);
      this.setPresence(m.channel, { users: all, named, anonymous: m.anonymousCount });
    });
    socket.on(MessageType.PRESENCE_ENTRY, PresenceEntrySchema, (e) => {
      const now = this.state.presence[e.channel] ?? { users: [], named: 0, anonymous: 0 };
      this.setPresence(e.channel, presenceAfter(now, e));
    });
  }

  getSnapshot = (): ChatState => this.state;

  subscribe = this.listeners.subscribe;

  /** Opens a channel: loads its history once and clears its unread marks. */
  open(channel: string): void {
    this.markRead(channel);
    const status = this.state.history[channel];
    if (status === 'loading' || status === 'loaded') return;
    this.set({ ...this.state, history: { ...this.state.history, [channel]: 'loading' } });
    this.fetchHistory(channel);
  }

  /** Fetches a channel's history and merges it (by id) with the lines already here. */
  private fetchHistory(channel: string): void {
    const generation = this.generation;
    this.api.social.getChatsForChannel({ channel }).then(
      (r) => {
        if (generation !== this.generation) return;
        const lines = r.messages.map(line);
        for (const l of lines) this.sighted(l.senderId, l.sender);
        this.set({
          ...this.state,
          lines: { ...this.state.lines, [channel]: merge(lines, this.state.lines[channel] ?? []) },
          history: { ...this.state.history, [channel]: 'loaded' },
        });
      },
      () => {
        if (generation !== this.generation) return;
        // A failed refetch keeps what is on screen; only a first load shows the failure.
        if (this.state.history[channel] === 'loaded') return;
        this.set({ ...this.state, history: { ...this.state.history, [channel]: 'failed' } });
      },
    );
  }

  /** After a reconnect: history of the channels opened so far, and the chat list if shown. */
  private refetch(): void {
    for (const [channel, status] of Object.entries(this.state.history)) {
      if (status !== 'loading') this.fetchHistory(channel);
    }
    if (this.state.channelsLoaded && this.userId) void this.loadChannels();
  }

  /** Says whether a channel's newest lines are on screen (a conversation scrolled to the bottom). */
  watch(channel: string, onScreen: boolean): void {
    if (onScreen) {
      this.watching.add(channel);
      this.markRead(channel);
    } else {
      this.watching.delete(channel);
    }
  }

  markRead(channel: string): void {
    if (!this.state.unread[channel]) return;
    const unread = { ...this.state.unread };
    delete unread[channel];
    this.set({ ...this.state, unread });
  }

  /** The user's chats for the list (20 newest, docs/product/gameplay.md §7). */
  async loadChannels(): Promise<void> {
    const generation = this.generation;
    try {
      const r = await this.api.social.getActiveChatChannels({ number: ACTIVE_CHANNELS, offset: 0 });
      if (generation !== this.generation) return;
      const fetched = r.channels.map((c) => ({
        name: c.name,
        displayName: c.displayName,
        lastUpdate: Number(c.lastUpdate),
        lastMessage: c.lastMessage,
      }));
      for (const c of fetched) {
        const other = pmOther(c.name, this.userId);
        if (other && c.displayName.startsWith('pm:')) this.sighted(other, c.displayName.slice(3));
      }
      const names = new Set(fetched.map((c) => c.name));
      const local = this.state.channels.filter((c) => !names.has(c.name));
      this.set({
        ...this.state,
        channels: sortChannels([...fetched, ...local]),
        channelsLoaded: true,
      });
    } catch {
      if (generation === this.generation) this.set({ ...this.state, channelsLoaded: true });
    }
  }

  /** Adds a channel to YOUR CHATS (a private chat just started). */
  addChannel(summary: ChannelSummary): void {
    if (this.state.channels.some((c) => c.name === summary.name)) return;
    this.set({ ...this.state, channels: sortChannels([...this.state.channels, summary]) });
  }

  /**
   * Sends a line; empty or whitespace-only text is never sent (docs/product/gameplay.md §5).
   * Returns whether it went out.
   */
  send(channel: string, text: string): boolean {
    const message = text.trim();
    if (!message || !this.userId) return false;
    return this.socket.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message });
  }

  private receive(l: ChatLine): void {
    if (l.kind === 'server' && !this.notices.shows(l.channel, l.senderId, l.message, this.userId))
      return;
    this.sighted(l.senderId, l.sender);
    const lines = merge(this.state.lines[l.channel] ?? [], [l]);
    const mine = l.senderId !== '' && l.senderId === this.userId;
    const unread =
      mine || this.watching.has(l.channel) || l.kind !== 'user'
        ? this.state.unread
        : { ...this.state.unread, [l.channel]: (this.state.unread[l.channel] ?? 0) + 1 };
    let channels = this.state.channels;
    if (isPmChannel(l.channel) || channels.some((c) => c.name === l.channel)) {
      const had = channels.find((c) => c.name === l.channel);
      const displayName = had?.displayName ?? (mine ? '' : `pm:${l.sender}`);
      const summary = {
        name: l.channel,
        displayName,
        lastUpdate: l.timestamp,
        lastMessage: l.message,
      };
      channels = sortChannels([...channels.filter((c) => c.name !== l.channel), summary]);
    }
    this.set({
      ...this.state,
      lines: { ...this.state.lines, [l.channel]: lines },
      unread,
      channels,
    });
  }

  private setLines(channel: string, lines: readonly ChatLine[]): void {
    this.set({ ...this.state, lines: { ...this.state.lines, [channel]: lines } });
  }

  private setPresence(channel: string, presence: Presence): void {
    this.set({ ...this.state, presence: { ...this.state.presence, [channel]: presence } });
  }

  private set(next: ChatState): void {
    this.state = next;
    this.listeners.notify();
  }
}

function sortChannels(channels: ChannelSummary[]): ChannelSummary[] {
  return channels.sort((a, b) => b.lastUpdate - a.lastUpdate);
}

/** Unread lines over all channels but `except` (the one on screen). */
export function totalUnread(unread: Readonly<Record<string, number>>, except?: string): number {
  let n = 0;
  for (const [channel, count] of Object.entries(unread)) if (channel !== except) n += count;
  return n;
}
