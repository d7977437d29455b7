import { Refusal, refuse } from '@tessera/protocol';
import { randomBytes, randomInt } from 'node:crypto';
import {
  type ActionOptions,
  applyTimePenalties,
  checkerForVariant,
  cloneGame,
  createGame,
  endWithoutPlay,
  type GameEvent,
  type GameState,
  type LetterSetName,
  type PlayerInfo,
  replay,
  setupOf,
  timeOut,
  type WordChecker,
} from '@tessera/engine';
import type { ClientGameplayEvent, GameMetaEvent } from '@tessera/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import { jsonColumn } from '../../storage/json-column.ts';
import { type ChangeStep, Declined, GroupCommit } from '../../events/group-commit.ts';
import type { Publisher } from '../../events/hub.ts';
import type { Applied, DomainEvents } from '../events.ts';
import type { Decision } from './decision.ts';
import type { GameDeps } from './deps.ts';
import {
  flagged,
  flagTime,
  newClock,
  readClock,
  startClock,
  stopClock,
  switchClock,
} from './clock.ts';
import type { GameRow, GameTables, StoredRequest } from './migrations.ts';
import { changedColumns, saveChange, saveIfCurrent, VERSION } from './game-writes.ts';
import { decideMeta, expireMeta } from './meta.ts';
import { performAction } from './moves.ts';
import { ruleRefusal } from './rule-errors.ts';
import type { PlayerCard } from './views.ts';

export interface Seat {
  userId: string;
  nickname: string;
  isBot: boolean;
}

/** A game to start, as the lobby, a tournament or a rematch asks for it. */
export interface NewGame {
  /** Lexicon, variant, challenge rule, clocks and whether it is rated. */
  request: StoredRequest;
  seats: [Seat, Seat];
  ratingKey: string;
  /** The seat that moves first; drawn at random when not given. */
  firstPlayer?: 0 | 1;
  /** Where the game sits in a tournament. */
  tournament?: TournamentPlacement;
  letterDistribution?: LetterSetName;
}

export interface TournamentPlacement {
  id: string;
  division: string;
  round: number;
  gameIndex: number;
}

const GAME_ID_BYTES = 9;
/** The scheduler's job kind for a game's clock flag or request countdown. */
export const DEADLINE_JOB = 'game.deadline';

/**
 * The authority over games. Every change runs in one transaction that locks
 * the game's row, replays or reuses the cached state, applies the engine,
 * appends the new events and updates the row; the change is broadcast only
 * after the commit. Locking the row serialises changes across processes, so
 * any process may act on any game.
 */
export class Games {
  private readonly db: Kysely<GameTables>;
  /**
   * States by game id, reused while the row still says the same: its event
   * count and whether it has ended (a cancel or forfeit decided on another
   * process ends a game without adding events). After a change this process
   * wrote, also the row as written and its version (see `change`).
   */
  private readonly cache = new Map<
    string,
    {
      g: GameState;
      count: number;
      ended: boolean;
      row?: GameRow;
      version?: string;
      /** Another process wrote the row under this one's cached version: lock it from now on. */
      contested?: boolean;
    }
  >();
  /** Changes are written in batches (decision 0142). */
  private readonly commits: GroupCommit<DomainEvents>;

  constructor(private readonly deps: GameDeps) {
    this.db = deps.db.withTables<GameTables>();
    this.commits = new GroupCommit(
      deps.events,
      deps.db,
      deps.log,
      deps.groupCommit ?? true,
      deps.groupCommitWriters ?? 1,
    );
  }

  async create(n: NewGame, now = Date.now()): Promise<GameRow> {
    const id = randomBytes(GAME_ID_BYTES).toString('base64url');
    const r = n.request;
    const g = createGame({
      variant: r.variant as GameState['rules']['variant'],
      challengeRule: r.challengeRule as GameState['rules']['challengeRule'],
      lexicon: r.lexicon,
      letterDistribution: n.letterDistribution,
      seed: randomInt(0, 2 ** 32),
      firstPlayer: n.firstPlayer ?? randomInt(0, 2),
      players: [0, 1].map((i) => ({
        nickname: n.seats[i].nickname,
        realName: n.seats[i].nickname,
        userId: n.seats[i].userId,
      })) as [PlayerInfo, PlayerInfo],
      meta: { uid: id, createdAt: new Date(now).toISOString(), type: 'native' },
    });
    let clock = newClock({
      initialSeconds: r.initialTimeSeconds,
      incrementSeconds: r.incrementSeconds,
      maxOvertimeMinutes: r.maxOvertimeMinutes,
      correspondence: r.correspondence,
      timeBankMinutes: r.timeBankMinutes,
    });
    clock = switchClock(startClock(clock, -1, now), g.playerOnTurn, now);
    const row: GameRow = {
      id,
      setup: setupOf(g),
      request: r,
      player0_id: n.seats[0].userId,
      player1_id: n.seats[1].userId,
      bot_index: n.seats.findIndex((s) => s.isBot),
      rated: r.rated,
      correspondence: r.correspondence,
      rating_key: n.ratingKey,
      tournament_id: n.tournament?.id ?? '',
      division: n.tournament?.division ?? '',
      round: n.tournament?.round ?? -1,
      game_index: n.tournament?.gameIndex ?? 0,
      play_state: g.playState,
      end_reason: 'NONE',
      winner: -1,
      score0: 0,
      score1: 0,
      player_on_turn: g.playerOnTurn,
      event_count: 0,
      clock,
      flag_at: new Date(flagTime(clock)!),
      meta_event: null,
      original_request_id: r.originalRequestId || r.requestId,
      ended_at: null,
    };
    this.cache.set(id, { g, count: 0, ended: false });
    let version = '';
    const created = await this.deps.events.transaction(this.deps.db, async (tx, publish) => {
      const { version: written, ...stored } = await tx
        .withTables<GameTables>()
        .insertInto('games')
        .values(json(row))
        .returningAll()
        .returning(VERSION)
        .executeTakeFirstOrThrow();
      version = written;
      await this.scheduleDeadline(stored, tx);
      await publish('game.created', { row: stored, g });
      return stored;
    });
    // Now committed, the row and its version let the first move skip the row lock (unless one came first).
    const hit = this.cache.get(id);
    if (hit && hit.count === 0 && !hit.row) this.cache.set(id, { ...hit, row: created, version });
    return created;
  }

  async row(id: string): Promise<GameRow | undefined> {
    return this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The game's next deadline as a durable job (DEADLINE_JOB, keyed by game
   * id), written in the same transaction as the change that set it: the
   * player on turn's flag or an open request's countdown, whichever is first.
   *
   * A deadline that moved later than `previous` (the one the job was last
   * put at, or later) leaves the job where it is: it fires early, finds the
   * game not due and moves itself to the row's deadline (deadlines.ts). Most
   * moves push the deadline later, so most moves write no job at all.
   */
  async scheduleDeadline(row: GameRow, q?: Db, previous?: Date | null): Promise<void> {
    if (row.ended_at || !row.flag_at) await this.deps.scheduler.cancel(DEADLINE_JOB, row.id, q);
    else if (previous && row.flag_at.getTime() >= previous.getTime()) return;
    else
      await this.deps.scheduler.schedule(
        { kind: DEADLINE_JOB, key: row.id, runAt: row.flag_at },
        q,
      );
  }

  /**
   * The game's state (replayed from storage unless the cache is current).
   * Inside a change (`q` its transaction) a replay is not cached: what it
   * read is not committed yet; the change caches its result once it is.
   */
  async state(row: GameRow, q?: Kysely<GameTables>): Promise<GameState> {
    const hit = this.cache.get(row.id);
    if (hit && hit.count === row.event_count && hit.ended === (row.ended_at !== null)) return hit.g;
    const events = await (q ?? this.db)
      .selectFrom('game_events')
      .select('event')
      .where('game_id', '=', row.id)
      .orderBy('idx')
      .execute();
    const made = replay(
      row.setup,
      events.map((e) => e.event),
    );
    if (!made.ok) throw new Error(`game ${row.id} does not replay: ${made.message}`);
    const g = made.value;
    if (
      g.playState !== 'GAME_OVER' &&
      ['ABORTED', 'CANCELLED', 'FORCE_FORFEIT'].includes(row.end_reason)
    ) {
      endWithoutPlay(g, row.end_reason as 'ABORTED', row.winner >= 0 ? 1 - row.winner : -1);
    }
    if (!q) this.cache.set(row.id, { g, count: row.event_count, ended: row.ended_at !== null });
    return g;
  }

  playerIndex(row: GameRow, userId: string): number {
    if (!userId) return -1;
    if (row.player0_id === userId) return 0;
    if (row.player1_id === userId) return 1;
    return -1;
  }

  checker(g: GameState): WordChecker {
    const lex = this.deps.lexicon(g.rules.lexicon);
    if (!lex) throw refuse('LEXICON_UNAVAILABLE', g.rules.lexicon);
    const c = checkerForVariant(g.rules.variant, lex);
    if (!c.ok) throw refuse('LEXICON_UNAVAILABLE', g.rules.lexicon);
    return c.value;
  }

  /** A player's move, pass, exchange, challenge or resignation. */
  async act(
    gameId: string,
    userId: string,
    e: ClientGameplayEvent,
    now = Date.now(),
  ): Promise<Applied> {
    return this.change(gameId, now, async (row, g) => {
      const p = this.playerIndex(row, userId);
      if (p < 0) throw refuse('NOT_A_PLAYER');
      // 0 skips the check (the protocol's "not sent"); any other number must be current.
      if (e.eventCount !== 0 && e.eventCount !== row.event_count) {
        throw refuse('STALE_EVENT');
      }
      return { mover: p, run: (opts) => performAction(g, p, e, opts) };
    });
  }

  /** A cancel or nudge request, an answer to one, or added time. */
  async meta(gameId: string, userId: string, m: GameMetaEvent, now = Date.now()): Promise<Applied> {
    return this.change(gameId, now, async (row, g) =>
      decideMeta(row, g, this.playerIndex(row, userId), m, now),
    );
  }

  /** Ends the game on time when the player on turn has run out; false when they have not. */
  async timeOutIfDue(gameId: string, now = Date.now()): Promise<Applied | undefined> {
    try {
      return await this.change(gameId, now, async (row, g) => {
        const expiry =
          row.meta_event && row.meta_event.expiresAt <= now ? expireMeta(row, g) : undefined;
        if (expiry) return expiry;
        if (!flagged(row.clock, now)) throw new NotDue('not due');
        return { mover: row.player_on_turn, run: null };
      });
    } catch (e) {
      if (e instanceof NotDue) return undefined;
      throw e;
    }
  }

  /**
   * The transaction around every change, shared with the other changes of
   * its batch (group commit). `decide` looks at the row and state and
   * returns the engine call to make (null: only the clock check). If the
   * player on turn ran out of time before acting, the game ends on time
   * instead, whatever they asked for. A refusal up to the first write leaves
   * the batch untouched.
   *
   * When this process wrote the game's row last (the cache holds the row and
   * its version), the change is decided on the cached row and written by one
   * statement that applies only if the row is still that version; otherwise,
   * or when that statement matches nothing (another process or another
   * writer changed the game since), the row is locked and read, and the
   * change is decided again on what it says. A game whose cached version
   * was found stale once (its players sit on two processes, so the writers
   * alternate) takes the lock at once from then on, sparing the statement
   * that would match nothing.
   */
  private async change(
    gameId: string,
    now: number,
    decide: (row: GameRow, g: GameState) => Promise<Decision>,
  ): Promise<Applied> {
    return this.commits.run(gameId, async (tx, publish, step) => {
      const trx = tx.withTables<GameTables>();
      const hit = this.cache.get(gameId);
      const ctx: ChangeContext = {
        tx,
        trx,
        publish,
        step,
        now,
        decide,
        contested: hit?.contested ?? false,
        wrote: false,
      };
      if (hit?.row && hit.version && !hit.ended && !ctx.contested) {
        let refused = false;
        // The cached row is copied: the decision may change its copy.
        const applied = await this.apply(ctx, { ...hit.row }, hit.g, hit.version).catch(
          (e: unknown) => {
            // A refusal decided on a cached row is only trusted once the row is
            // read; one after the write (a game.ended subscriber's) is final,
            // and undoes the write (the batch rolls back to its savepoint).
            if (!(e instanceof Refusal || e instanceof Declined) || ctx.wrote) throw e;
            refused = true;
            return undefined;
          },
        );
        if (applied) return applied;
        if (!refused) ctx.contested = true;
        step.unwritten();
      }
      const row = await trx
        .selectFrom('games')
        .selectAll()
        .where('id', '=', gameId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw refuse('GAME_NOT_FOUND');
      if (row.ended_at) throw refuse('GAME_OVER');
      const applied = await this.apply(ctx, row, await this.state(row, trx));
      if (!applied) throw new Error(`game ${gameId} changed under its row lock`);
      return applied;
    });
  }

  /**
   * Decides and writes one change on `row` and `live` (the state it
   * describes). With `version`, the write applies only if the row is still
   * that version, and undefined is returned when it is not (nothing written).
   */
  private async apply(
    ctx: ChangeContext,
    row: GameRow,
    live: GameState,
    version?: string,
  ): Promise<Applied | undefined> {
    const { tx, trx, publish, step, now, decide, contested } = ctx;
    const g = cloneGame(live);
    const choice = await decide(row, g);
    const from = g.events.length;
    let clock = choice.clock ? choice.clock(row.clock) : row.clock;
    const remaining = readClock(clock, now);
    // Whoever ran out of time loses, whatever they asked for; an expired
    // cancel or nudge request resolves before anything else.
    const loser = flagged(clock, now) && !choice.expired ? row.player_on_turn : -1;
    const opts: ActionOptions = { millisRemaining: Math.round(remaining[choice.mover]) };
    let events: GameEvent[];
    if (loser >= 0) {
      const r = timeOut(g, loser, { millisRemaining: Math.round(remaining[loser]) });
      if (!r.ok) throw refuse('GAME_RULE', r.message);
      events = r.value;
    } else if (choice.run) {
      const r = choice.run({ ...opts, checker: this.checker(g) });
      if (!r.ok) throw ruleRefusal(r, g);
      events = r.value;
    } else {
      events = [];
    }
    if (g.playState === 'GAME_OVER') {
      clock = stopClock(clock, now);
      if (!row.correspondence && ['STANDARD', 'CONSECUTIVE_ZEROES'].includes(g.endReason)) {
        const penalties = applyTimePenalties(g, [clock.remaining[0], clock.remaining[1]]);
        if (penalties.ok) events.push(...penalties.value);
      }
    } else if (g.playerOnTurn !== clock.running) {
      clock = switchClock(clock, g.playerOnTurn, now);
    }
    const ended = g.playState === 'GAME_OVER';
    // A game's end reaches subscribers (ratings, tournaments) that may still
    // refuse it: its writes can then be undone alone.
    await step.writing(ended);
    const previousFlag = row.flag_at;
    if (choice.meta !== undefined) row.meta_event = choice.meta;
    else if (events.some((ev) => ev.type !== 'RESIGNED')) row.meta_event = null;
    const change = changedColumns(row, g, clock, now);
    let updated: GameRow;
    let written: string;
    if (version === undefined) {
      ({ version: written, ...updated } = await saveChange(trx, row, change, from, events));
    } else {
      const saved = await saveIfCurrent(trx, row.id, version, change, from, events);
      if (saved === undefined) return undefined;
      written = saved;
      updated = { ...row, ...change };
    }
    ctx.wrote = true;
    await this.scheduleDeadline(updated, tx, previousFlag);
    const applied: Applied = {
      row: updated,
      g,
      events,
      from,
      mover: choice.mover,
      ended,
      meta: choice.announce,
    };
    // In-transaction subscribers (ratings, later tournament results) can
    // still refuse the change here; after-commit ones run once it is stored.
    await publish('game.changed', applied);
    if (ended) await publish('game.ended', applied);
    step.onCommit(() =>
      this.cache.set(row.id, {
        g,
        count: updated.event_count,
        ended,
        row: updated,
        version: written,
        contested,
      }),
    );
    return applied;
  }

  async cards(row: GameRow): Promise<[PlayerCard, PlayerCard]> {
    return (await this.cardsFor([row]))[0];
  }

  /** The player cards of many games with two queries (names, ratings), for lists. */
  async cardsFor(rows: GameRow[]): Promise<[PlayerCard, PlayerCard][]> {
    if (rows.length === 0) return [];
    const seats = rows.flatMap((row) => [row.player0_id, row.player1_id]);
    const names = await this.deps.usernames([...new Set(seats)]);
    const ratings = await this.deps.ratings(
      seats.map((userId, k) => ({ userId, key: rows[k >> 1].rating_key })),
    );
    return rows.map((row, n) => {
      const card = (i: number): PlayerCard => {
        const userId = seats[2 * n + i];
        const r = ratings[2 * n + i];
        return {
          userId,
          nickname: names.get(userId) ?? row.setup.options.players?.[i]?.nickname ?? '',
          rating: r.rating,
          established: r.established,
          isBot: row.bot_index === i,
        };
      };
      return [card(0), card(1)];
    });
  }
}

class NotDue extends Declined {}

/** What `change` hands to `apply`, for either path. */
interface ChangeContext {
  tx: Db;
  trx: Kysely<GameTables>;
  publish: Publisher<DomainEvents>;
  step: ChangeStep;
  now: number;
  decide: (row: GameRow, g: GameState) => Promise<Decision>;
  /** Kept in the cache entry the change leaves (see `change`). */
  contested: boolean;
  /** Set once the change's write has applied: a refusal after it is final. */
  wrote: boolean;
}

/** jsonb columns are written as JSON text; the drivers hand them back parsed. */
function json(row: GameRow): GameRow {
  return {
    ...row,
    setup: jsonColumn(row.setup),
    request: jsonColumn(row.request),
    clock: jsonColumn(row.clock),
    meta_event: row.meta_event === null ? null : jsonColumn(row.meta_event),
  };
}
