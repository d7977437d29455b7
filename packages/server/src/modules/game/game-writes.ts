/**
 * The statements a game change writes (decisions 0142, 0154): the columns a
 * change sets, the write under the row lock, and the one-statement write on
 * the cached row that applies only while the row's version is unchanged.
 */
import type { GameEvent, GameState } from '@tessera/engine';
import { type Kysely, sql } from 'kysely';
import { jsonColumn } from '../../storage/json-column.ts';
import { flagTime, type ClockState } from './clock.ts';
import type { GameRow, GameTables, MetaEventState } from './migrations.ts';

/** The row's version as a change returns it: the xmin of the row it wrote. */
export const VERSION = sql<string>`xmin::text`.as('version');

/** The columns a change writes, as a read returns them (parsed JSON, dates). */
export type ChangedColumns = Pick<
  GameRow,
  | 'play_state'
  | 'end_reason'
  | 'winner'
  | 'score0'
  | 'score1'
  | 'player_on_turn'
  | 'event_count'
  | 'clock'
  | 'flag_at'
  | 'meta_event'
  | 'updated_at'
  | 'ended_at'
>;

export function changedColumns(
  row: GameRow,
  g: GameState,
  clock: ClockState,
  now: number,
): ChangedColumns {
  const ended = g.playState === 'GAME_OVER';
  const flag = ended ? null : deadlineOf(clock, row.meta_event);
  return {
    play_state: g.playState,
    end_reason: g.endReason,
    winner: g.winner,
    score0: g.scores[0],
    score1: g.scores[1],
    player_on_turn: g.playerOnTurn,
    event_count: g.events.length,
    clock,
    flag_at: flag === null ? null : new Date(flag),
    meta_event: ended ? null : row.meta_event,
    updated_at: new Date(now),
    ended_at: ended ? new Date(now) : null,
  };
}

/** The same columns as the drivers take them (jsonb as JSON text). */
function writable(c: ChangedColumns): ChangedColumns {
  return {
    ...c,
    clock: jsonColumn(c.clock),
    meta_event: c.meta_event === null ? null : jsonColumn(c.meta_event),
  };
}

/** A running game's next deadline: the player on turn's flag or an open request's expiry. */
export function deadlineOf(clock: ClockState, meta: MetaEventState | null): number | null {
  const times = [flagTime(clock), meta?.expiresAt ?? null].filter((t): t is number => t !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * Appends the new events and updates the locked row in one statement (a
 * data-modifying WITH); returns the row and its new version.
 */
export async function saveChange(
  trx: Kysely<GameTables>,
  row: GameRow,
  change: ChangedColumns,
  from: number,
  events: GameEvent[],
): Promise<GameRow & { version: string }> {
  const set = writable(change);
  if (events.length === 0) {
    return trx
      .updateTable('games')
      .set(set)
      .where('id', '=', row.id)
      .returningAll()
      .returning(VERSION)
      .executeTakeFirstOrThrow();
  }
  const appended = events.map((event, i) => ({
    game_id: row.id,
    idx: from + i,
    event: jsonColumn(event),
  }));
  return trx
    .with('appended', (db) => db.insertInto('game_events').values(appended))
    .updateTable('games')
    .set(set)
    .where('id', '=', row.id)
    .returningAll()
    .returning(VERSION)
    .executeTakeFirstOrThrow();
}

/**
 * The one statement of a change decided on the cached row: the row is
 * updated only if it is still `version` (its xmin: every write of a row,
 * by any process, gives it a new one), and the events are appended only if
 * it was. Returns the row's new version, or undefined when nothing was
 * written. Only the version comes back: the rest of the row is known.
 */
export async function saveIfCurrent(
  trx: Kysely<GameTables>,
  id: string,
  version: string,
  change: ChangedColumns,
  from: number,
  events: GameEvent[],
): Promise<string | undefined> {
  const set = writable(change);
  const result = await trx
    .with('updated', (db) =>
      db
        .updateTable('games')
        .set(set)
        .where('id', '=', id)
        .where(sql`xmin`, '=', sql`${version}::xid`)
        .returning(VERSION),
    )
    .with('appended', (db) =>
      db
        .insertInto('game_events')
        .columns(['game_id', 'idx', 'event'])
        .expression(
          db
            .selectFrom([
              'updated',
              // Columns `value` and `ordinality` (from 1).
              sql`jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY`.as('e'),
            ])
            .select([
              sql<string>`${id}`.as('game_id'),
              sql<number>`${from} + e.ordinality - 1`.as('idx'),
              sql<GameEvent>`e.value`.as('event'),
            ]),
        ),
    )
    .selectFrom('updated')
    .select('version')
    .executeTakeFirst();
  return result?.version;
}
