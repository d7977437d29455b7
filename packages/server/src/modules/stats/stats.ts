import { sql, type Kysely } from 'kysely';
import {
  addGame,
  checkerForVariant,
  emptyTotals,
  gameStats,
  mergeTotals,
  letterSet,
  parseTiles,
  resolveRules,
  type GameEvent,
  type Lexicon,
  type StatTotals,
} from '@tessera/engine';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Statistics per user and key (variant.timeclass, e.g. "classic.blitz"),
 * the spec's fields (docs/product/community.md §3), one row each.
 */
export const statsMigrations: Migration[] = [
  {
    name: '0001_player_stats',
    async up(db) {
      await sql`CREATE TABLE player_stats (
        user_id text NOT NULL,
        stat_key text NOT NULL,
        games integer NOT NULL DEFAULT 0,
        wins integer NOT NULL DEFAULT 0,
        losses integer NOT NULL DEFAULT 0,
        draws integer NOT NULL DEFAULT 0,
        score bigint NOT NULL DEFAULT 0,
        turns integer NOT NULL DEFAULT 0,
        high_game integer NOT NULL DEFAULT 0,
        high_turn integer NOT NULL DEFAULT 0,
        bingos integer NOT NULL DEFAULT 0,
        challenges_won integer NOT NULL DEFAULT 0,
        challenged_phonies integer NOT NULL DEFAULT 0,
        unchallenged_phonies integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, stat_key)
      )`.execute(db);
    },
  },
];

interface StatsRow {
  user_id: string;
  stat_key: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  score: number | string;
  turns: number;
  high_game: number;
  high_turn: number;
  bingos: number;
  challenges_won: number;
  challenged_phonies: number;
  unchallenged_phonies: number;
}

type StatsTables = { player_stats: StatsRow };

/** What the statistics need of a finished game. */
export interface FinishedGame {
  players: [string, string];
  /** lexicon.variant.timeclass, as the game was rated under. */
  ratingKey: string;
  winner: number;
  lexicon: string;
  variant: string;
  events: readonly GameEvent[];
}

/** variant.timeclass from a rating key (lexicon.variant.timeclass). */
export function statKey(ratingKey: string): string {
  const parts = ratingKey.split('.');
  return parts.length >= 2 ? parts.slice(-2).join('.') : ratingKey;
}

const toRow = (userId: string, key: string, t: StatTotals): StatsRow => ({
  user_id: userId,
  stat_key: key,
  games: t.games,
  wins: t.wins,
  losses: t.losses,
  draws: t.draws,
  score: t.score,
  turns: t.turns,
  high_game: t.highGame,
  high_turn: t.highTurn,
  bingos: t.bingos,
  challenges_won: t.challengesWon,
  challenged_phonies: t.challengedPhonies,
  unchallenged_phonies: t.unchallengedPhonies,
});

const fromRow = (r: StatsRow): StatTotals => ({
  games: r.games,
  wins: r.wins,
  losses: r.losses,
  draws: r.draws,
  score: Number(r.score),
  turns: r.turns,
  highGame: r.high_game,
  highTurn: r.high_turn,
  bingos: r.bingos,
  challengesWon: r.challenges_won,
  challengedPhonies: r.challenged_phonies,
  unchallengedPhonies: r.unchallenged_phonies,
});

/**
 * The statistics store: folds each finished game into its players' rows,
 * reads them back, and rebuilds them all from the games' history.
 */
export class Stats {
  private readonly db: Kysely<StatsTables>;
  private readonly words = new Map<string, ((w: string) => boolean) | undefined>();

  constructor(
    db: Db,
    private readonly lexicon: (name: string) => Lexicon | undefined,
  ) {
    this.db = db.withTables<StatsTables>();
  }

  async reset(userId: string): Promise<void> {
    await this.db.deleteFrom('player_stats').where('user_id', '=', userId).execute();
  }

  /** The word test of a lexicon and variant (undefined while the lexicon is not loaded). */
  private isWord(lexiconName: string, variant: string): ((w: string) => boolean) | undefined {
    const key = `${lexiconName}\u0000${variant}`;
    if (this.words.has(key)) return this.words.get(key);
    const lex = this.lexicon(lexiconName);
    if (!lex) return undefined;
    const rules = resolveRules({ lexicon: lexiconName, variant: variant as never });
    const checker = checkerForVariant(rules.variant, lex);
    const set = letterSet(rules.letterDistribution);
    // Words repeat across games: each is looked up once per lexicon and variant.
    const seen = new Map<string, boolean>();
    const test = checker.ok
      ? (w: string) => {
          let known = seen.get(w);
          if (known === undefined) {
            const t = parseTiles(set, w, 'word');
            known = !t.ok || checker.value.has(t.value);
            if (seen.size < 1_000_000) seen.set(w, known);
          }
          return known;
        }
      : undefined;
    this.words.set(key, test);
    return test;
  }

  /** Both players' statistics of one game, by user. */
  ofGame(g: FinishedGame): [StatTotals, StatTotals] {
    const s = gameStats(g.events, g.winner, this.isWord(g.lexicon, g.variant));
    return [addGame(emptyTotals(), s[0]), addGame(emptyTotals(), s[1])];
  }

  /** Adds a finished game to its players' statistics, on the caller's transaction. */
  async record(tx: Db, g: FinishedGame): Promise<void> {
    const q = tx.withTables<StatsTables>();
    const key = statKey(g.ratingKey);
    const totals = this.ofGame(g);
    for (const i of [0, 1]) {
      const row = toRow(g.players[i], key, totals[i]);
      await q
        .insertInto('player_stats')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'stat_key']).doUpdateSet((eb) => ({
            games: sql`${eb.ref('player_stats.games')} + ${row.games}`,
            wins: sql`${eb.ref('player_stats.wins')} + ${row.wins}`,
            losses: sql`${eb.ref('player_stats.losses')} + ${row.losses}`,
            draws: sql`${eb.ref('player_stats.draws')} + ${row.draws}`,
            score: sql`${eb.ref('player_stats.score')} + ${row.score}`,
            turns: sql`${eb.ref('player_stats.turns')} + ${row.turns}`,
            high_game: sql`greatest(${eb.ref('player_stats.high_game')}, ${row.high_game})`,
            high_turn: sql`greatest(${eb.ref('player_stats.high_turn')}, ${row.high_turn})`,
            bingos: sql`${eb.ref('player_stats.bingos')} + ${row.bingos}`,
            challenges_won: sql`${eb.ref('player_stats.challenges_won')} + ${row.challenges_won}`,
            challenged_phonies: sql`${eb.ref('player_stats.challenged_phonies')} + ${row.challenged_phonies}`,
            unchallenged_phonies: sql`${eb.ref('player_stats.unchallenged_phonies')} + ${row.unchallenged_phonies}`,
          })),
        )
        .execute();
    }
  }

  /** A user's statistics by key. */
  async of(userId: string): Promise<Record<string, StatTotals>> {
    const rows = await this.db
      .selectFrom('player_stats')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.stat_key, fromRow(r)]));
  }

  /**
   * Replaces every row with the fold of the games `next` yields (in the order
   * they ended), in one transaction at the end. Returns the games counted.
   */
  async rebuild(next: () => Promise<FinishedGame[]>): Promise<number> {
    const all = new Map<string, StatTotals>();
    let count = 0;
    for (let batch = await next(); batch.length > 0; batch = await next()) {
      for (const g of batch) {
        const key = statKey(g.ratingKey);
        const totals = this.ofGame(g);
        for (const i of [0, 1]) {
          const k = `${g.players[i]}\u0000${key}`;
          const t = all.get(k);
          all.set(k, t ? mergeTotals(t, totals[i]) : totals[i]);
        }
        count++;
      }
    }
    const rows = [...all].map(([k, t]) => {
      const [user, key] = k.split('\u0000');
      return toRow(user, key, t);
    });
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('player_stats').execute();
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insertInto('player_stats')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });
    return count;
  }
}
