import type { MessageInitShape } from '@bufbuild/protobuf';
import type { RegisterRequestSchema } from '@tessera/protocol';
import type { ApiClients } from '../rpc/clients.ts';
import { Listeners } from '../stores/listeners.ts';

/**
 * Who is using the app, as the server's GetSession tells it. One store for
 * the whole app, read through useSyncExternalStore (useSession). Login,
 * registration and logout go through here so every reader sees the change.
 */
export interface Session {
  /** false until the first GetSession answer (or failure) arrives. */
  known: boolean;
  loggedIn: boolean;
  username: string;
  userId: string;
  perms: readonly string[];
  isChild: boolean;
}

export const ANONYMOUS: Session = {
  known: true,
  loggedIn: false,
  username: '',
  userId: '',
  perms: [],
  isChild: false,
};

const UNKNOWN: Session = { ...ANONYMOUS, known: false };

export type RegisterInput = MessageInitShape<typeof RegisterRequestSchema>;

export class SessionStore {
  private session: Session = UNKNOWN;
  private readonly listeners = new Listeners();
  private pending: Promise<Session> | null = null;
  /** Only the newest GetSession answer counts; an older one still in flight is dropped. */
  private generation = 0;

  constructor(private readonly api: Pick<ApiClients, 'auth' | 'registration'>) {}

  getSnapshot = (): Session => this.session;

  subscribe = this.listeners.subscribe;

  /**
   * Asks the server who the session cookie belongs to. A failure reads as
   * logged out. Calls made while one is under way share its answer.
   */
  refresh(): Promise<Session> {
    if (this.pending) return this.pending;
    const pending = this.fetchSession().finally(() => {
      if (this.pending === pending) this.pending = null;
    });
    this.pending = pending;
    return pending;
  }

  /** A fresh GetSession, for after something changed who is logged in. */
  private reload(): Promise<Session> {
    this.pending = null;
    return this.refresh();
  }

  private async fetchSession(): Promise<Session> {
    const generation = ++this.generation;
    try {
      const r = await this.api.auth.getSession({});
      if (generation !== this.generation) return this.session;
      this.set(
        r.loggedIn
          ? {
              known: true,
              loggedIn: true,
              username: r.username,
              userId: r.userId,
              perms: [...r.perms],
              isChild: r.isChild,
            }
          : ANONYMOUS,
      );
    } catch {
      if (generation === this.generation) this.set(ANONYMOUS);
    }
    return this.session;
  }

  /** Throws the server's ConnectError on failure; the caller shows it. */
  async login(username: string, password: string): Promise<void> {
    await this.api.auth.login({ username, password });
    await this.reload();
  }

  /** Registration logs the user in on success (docs/product/community.md §4.1). */
  async register(request: RegisterInput): Promise<void> {
    await this.api.registration.register(request);
    await this.reload();
  }

  async logout(): Promise<void> {
    await this.api.auth.logout({});
    this.generation++;
    this.pending = null;
    this.set(ANONYMOUS);
  }

  private set(next: Session): void {
    const prev = this.session;
    if (
      prev.known === next.known &&
      prev.loggedIn === next.loggedIn &&
      prev.userId === next.userId &&
      prev.username === next.username &&
      prev.isChild === next.isChild &&
      prev.perms.join(',') === next.perms.join(',')
    ) {
      return;
    }
    this.session = next;
    this.listeners.notify();
  }
}
