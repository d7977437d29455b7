/**
 * What every tournament call needs: the caller, the tournament, the caller's
 * role in it (§6), person resolution and one way to change the log.
 */
import { refuse } from '@tessera/protocol';
import type { HandlerContext } from '@connectrpc/connect';
import type { Db } from '../../storage/database.ts';
import type { Account, Accounts, SessionResolver } from '../auth/index.ts';
import type { Publisher } from '../../events/hub.ts';
import type { DomainEvents, Events } from '../events.ts';
import type { Roles } from '../roles/index.ts';
import type { LogBody, TState } from '@tessera/tournament';
import type { TournamentStore } from './store.ts';

/** Ratings by (user, rating key): the rating module's, given to the tournament module. */
export type RatingLookup = (
  wanted: { userId: string; key: string }[],
) => Promise<{ rating: number }[]>;

export type Role = 'executive' | 'director' | 'readonly' | 'manager' | 'none';

export interface TournamentDeps {
  db: Db;
  store: TournamentStore;
  events: Events;
  sessions: SessionResolver;
  accounts: Accounts;
  roles: Roles;
  /** Ratings by (user, rating key), from the rating module. */
  ratings: RatingLookup;
  lexiconName: (name: string) => string | undefined;
  /** Origins a logo may come from besides this site (IMAGE_HOSTS; decision 0149). */
  imageHosts: string[];
}

export const personId = (a: { id: string; username: string }) => `${a.id}:${a.username}`;

/** What a command decides from the folded state: the log entries to append, or a refusal thrown. */
export type Decide = (s: TState) => LogBody[] | Promise<LogBody[]>;

/** A director's command under way: the tournament as loaded, the caller, and their change. */
export interface DirectorCommand {
  state: TState;
  me: Account;
  change(decide: Decide): Promise<TState>;
}

export class Calls {
  constructor(readonly d: TournamentDeps) {}

  async me(ctx: HandlerContext): Promise<Account | undefined> {
    return this.d.sessions.currentUser(ctx);
  }

  async requireMe(ctx: HandlerContext): Promise<Account> {
    return this.d.sessions.requireUser(ctx);
  }

  async load(idOrSlug: string): Promise<TState> {
    const id = idOrSlug ? await this.d.store.resolve(idOrSlug) : undefined;
    const s = id ? await this.d.store.state(id) : undefined;
    if (!s) throw refuse('TOURNAMENT_NOT_FOUND');
    return s;
  }

  async role(s: TState, me: Pick<Account, 'id' | 'username'> | undefined): Promise<Role> {
    if (!me) return 'none';
    const pid = personId(me);
    if (s.executiveDirector === pid) return 'executive';
    const d = s.directors.find((x) => x.id === pid);
    if (d) return d.readOnly ? 'readonly' : 'director';
    const perms = await this.d.roles.permsOf(me.id);
    return perms.includes('can_manage_tournaments') ? 'manager' : 'none';
  }

  /** The caller if they may change the tournament: a full director, an admin or a Tournament Manager. */
  async requireDirector(ctx: HandlerContext, s: TState): Promise<Account> {
    const me = await this.requireMe(ctx);
    const role = await this.role(s, me);
    if (role === 'readonly') throw refuse('TOURNAMENT_READ_ONLY_DIRECTOR');
    if (role === 'none') throw refuse('TOURNAMENT_NOT_DIRECTOR');
    return me;
  }

  /** The caller if they may read director-only data (read-only directors too). */
  async requireReader(ctx: HandlerContext, s: TState): Promise<Account> {
    const me = await this.requireMe(ctx);
    if ((await this.role(s, me)) === 'none') throw refuse('TOURNAMENT_NOT_DIRECTOR');
    return me;
  }

  /**
   * A person as "{userID}:{username}": given that way (checked), or by
   * username alone. Unknown users are refused.
   */
  async person(raw: string): Promise<string> {
    const text = raw.trim();
    if (!text) throw refuse('TOURNAMENT_MISSING_USERNAME');
    const colon = text.indexOf(':');
    const username = colon < 0 ? text : text.slice(colon + 1);
    const account = await this.d.accounts.findByUsername(username);
    if (!account || (colon >= 0 && account.id !== text.slice(0, colon)))
      throw refuse('TOURNAMENT_USER_NOT_FOUND', username.slice(0, 40));
    return personId(account);
  }

  /**
   * The skeleton of a director's command: the tournament by id or slug, the
   * caller refused unless they may change it (`requireDirector`), and
   * `change` as them, for a command that has more to look up first.
   */
  async asDirector(ctx: HandlerContext, idOrSlug: string): Promise<DirectorCommand> {
    const state = await this.load(idOrSlug);
    const me = await this.requireDirector(ctx, state);
    return { state, me, change: (decide) => this.change(state.id, personId(me), decide) };
  }

  /** `asDirector` and its change at once, for a command that needs nothing else. */
  async directorChange(ctx: HandlerContext, idOrSlug: string, decide: Decide): Promise<TState> {
    return (await this.asDirector(ctx, idOrSlug)).change(decide);
  }

  /** Appends what `decide` returns, in one transaction; tournament.changed tells the realm. */
  change(id: string, actor: string, decide: Decide): Promise<TState> {
    return this.d.events.transaction(this.d.db, (tx, publish) =>
      this.changeIn(tx, publish, id, actor, decide),
    );
  }

  /**
   * `change` on a transaction already open (an in-transaction subscriber's):
   * tournament.changed is published on it and so goes out after its commit.
   */
  async changeIn(
    tx: Db,
    publish: Publisher<DomainEvents>,
    id: string,
    actor: string,
    decide: Decide,
  ): Promise<TState> {
    const r = await this.d.store.change(tx, id, actor, decide);
    if (r.entries.length)
      await publish('tournament.changed', { id, state: r.state, entries: r.entries });
    return r.state;
  }
}
