import type { ApiClients } from '../rpc/clients.ts';
import type { SessionStore } from '../session/session-store.ts';
import { Listeners } from './listeners.ts';

/**
 * Friends (follows), blocks and the players this page has come across
 * (docs/product/community.md §5 "Chat and friends"). Loaded when someone logs in,
 * emptied when they log out. Chat shows nothing until `loaded` is true, so a
 * blocked player's lines never flash up.
 */
export interface Person {
  uuid: string;
  username: string;
}

export interface SocialState {
  /** False while the block list of a logged-in user is being fetched. */
  loaded: boolean;
  follows: readonly Person[];
  /** Friends the server said were online (a socket open anywhere) when the list was fetched. */
  online: ReadonlySet<string>;
  /** Players this user blocks (the settings list, Block/Unblock). */
  blocks: readonly Person[];
  /** Ids whose messages are hidden: blocked either way. */
  hidden: ReadonlySet<string>;
  /** Everyone seen on this page (chat, seeks, games, friends), by lower-case username. */
  known: ReadonlyMap<string, Person>;
  /** Administrators and moderators by user id, fetched once (docs/product/community.md §6). */
  admins: ReadonlySet<string>;
  mods: ReadonlySet<string>;
}

const EMPTY: SocialState = {
  loaded: true,
  follows: [],
  online: new Set(),
  blocks: [],
  hidden: new Set(),
  known: new Map(),
  admins: new Set(),
  mods: new Set(),
};

/** The server refuses longer prefixes (a username has at most 20 characters). */
export const MAX_COMPLETION_PREFIX = 20;

export class SocialStore {
  private state: SocialState = EMPTY;
  private readonly listeners = new Listeners();
  private userId = '';
  private generation = 0;

  constructor(
    private readonly api: Pick<ApiClients, 'social' | 'autocomplete' | 'authorization'>,
    session: SessionStore,
  ) {
    const onSession = () => {
      const s = session.getSnapshot();
      if (!s.known || s.userId === this.userId) return;
      this.userId = s.userId;
      this.generation++;
      this.set({
        ...EMPTY,
        known: this.state.known,
        admins: this.state.admins,
        mods: this.state.mods,
        loaded: !s.loggedIn,
      });
      if (s.loggedIn) void this.load();
    };
    session.subscribe(onSession);
    onSession();
    void this.loadStaff();
  }

  /** The administrators and moderators, for the tags next to their names. */
  private async loadStaff(): Promise<void> {
    try {
      const r = await this.api.authorization.getModList({});
      this.set({ ...this.state, admins: new Set(r.adminUserIds), mods: new Set(r.modUserIds) });
    } catch {
      // Without the list names just show without tags.
    }
  }

  getSnapshot = (): SocialState => this.state;

  subscribe = this.listeners.subscribe;

  /** Fetches follows and blocks again. */
  async load(): Promise<void> {
    const generation = this.generation;
    try {
      const [follows, blocks, full] = await Promise.all([
        this.api.social.getFollows({}),
        this.api.social.getBlocks({}),
        this.api.social.getFullBlocks({}),
      ]);
      if (generation !== this.generation) return;
      const blocked = blocks.users.map(person);
      this.set({
        ...this.state,
        loaded: true,
        follows: follows.users.map(person),
        online: new Set(follows.users.filter((u) => u.online).map((u) => u.uuid)),
        blocks: blocked,
        hidden: new Set([...full.userIds, ...blocked.map((b) => b.uuid)]),
      });
      for (const p of [...this.state.follows, ...blocked]) this.remember(p.uuid, p.username);
    } catch {
      // Without the lists chat would stay hidden: show it, blocks unknown.
      if (generation === this.generation) this.set({ ...this.state, loaded: true });
    }
  }

  isFriend(uuid: string): boolean {
    return this.state.follows.some((f) => f.uuid === uuid);
  }

  isBlocked(uuid: string): boolean {
    return this.state.blocks.some((b) => b.uuid === uuid);
  }

  async follow(p: Person): Promise<void> {
    await this.api.social.addFollow({ uuid: p.uuid });
    if (!this.isFriend(p.uuid)) this.set({ ...this.state, follows: [...this.state.follows, p] });
  }

  async unfollow(p: Person): Promise<void> {
    await this.api.social.removeFollow({ uuid: p.uuid });
    this.set({ ...this.state, follows: this.state.follows.filter((f) => f.uuid !== p.uuid) });
  }

  async block(p: Person): Promise<void> {
    await this.api.social.addBlock({ uuid: p.uuid });
    const hidden = new Set(this.state.hidden).add(p.uuid);
    const blocks = this.isBlocked(p.uuid) ? this.state.blocks : [...this.state.blocks, p];
    this.set({ ...this.state, blocks, hidden });
  }

  async unblock(p: Person): Promise<void> {
    await this.api.social.removeBlock({ uuid: p.uuid });
    const hidden = new Set(this.state.hidden);
    hidden.delete(p.uuid);
    this.set({ ...this.state, blocks: this.state.blocks.filter((b) => b.uuid !== p.uuid), hidden });
    // The other side may still block us; ask the server for the whole picture.
    void this.load();
  }

  /** Notes a player's id and name (from chat, seeks, games). */
  remember(uuid: string, username: string): void {
    if (!uuid || !username) return;
    const key = username.toLowerCase();
    const had = this.state.known.get(key);
    if (had && had.uuid === uuid && had.username === username) return;
    const known = new Map(this.state.known);
    known.set(key, { uuid, username });
    this.set({ ...this.state, known });
  }

  /** Known players whose name starts with (then contains) `prefix`. */
  search(prefix: string, limit = 10): Person[] {
    const q = prefix.trim().toLowerCase();
    if (!q) return [];
    const all = [...this.state.known.values()];
    const starts = all.filter((p) => p.username.toLowerCase().startsWith(q));
    const contains = all.filter(
      (p) => !p.username.toLowerCase().startsWith(q) && p.username.toLowerCase().includes(q),
    );
    return [...starts, ...contains].slice(0, limit);
  }

  /**
   * Players whose name starts with `prefix`, asked of the server's
   * GetCompletion (and remembered); players this page has seen come first
   * when the server cannot be reached.
   */
  async complete(prefix: string, limit = 10): Promise<Person[]> {
    const q = prefix.trim();
    if (!q) return [];
    const local = this.search(q, limit);
    if (q.length > MAX_COMPLETION_PREFIX) return local;
    try {
      const { users } = await this.api.autocomplete.getCompletion({ prefix: q });
      for (const u of users) this.remember(u.uuid, u.username);
      const found = users.map((u) => ({ uuid: u.uuid, username: u.username }));
      const ids = new Set(found.map((p) => p.uuid));
      return [...found, ...local.filter((p) => !ids.has(p.uuid))].slice(0, limit);
    } catch {
      return local;
    }
  }

  /**
   * A player by exact username: from what the page has seen, else from the
   * server's player search. Undefined when nobody by that name exists.
   */
  async lookup(username: string): Promise<Person | undefined> {
    const name = username.trim();
    const known = this.state.known.get(name.toLowerCase());
    if (known || !name) return known;
    const found = await this.complete(name);
    return found.find((p) => p.username.toLowerCase() === name.toLowerCase());
  }

  private set(next: SocialState): void {
    this.state = next;
    this.listeners.notify();
  }
}

function person(u: { uuid: string; username: string }): Person {
  return { uuid: u.uuid, username: u.username };
}
