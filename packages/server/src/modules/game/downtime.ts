import { jsonColumn } from '../../storage/json-column.ts';
import type { Events } from '../events.ts';
import { deadlineOf } from './game-writes.ts';
import type { Games } from './games.ts';
import type { GameTables } from './migrations.ts';

/**
 * Time the whole platform was down is charged to nobody: when liveness
 * reports an outage, every running clock and open request countdown moves
 * on by its length, in the same transaction that records the restart, and
 * each game's deadline job moves with it.
 */
export function creditOutages(events: Events, games: Games): void {
  events.inTransaction('platform.resumed', 'game', async ({ outageMs }, tx) => {
    const t = tx.withTables<GameTables>();
    const rows = await t.selectFrom('games').selectAll().where('ended_at', 'is', null).execute();
    for (const row of rows) {
      if (row.clock.running < 0 && !row.meta_event) continue;
      const clock =
        row.clock.running >= 0 ? { ...row.clock, since: row.clock.since + outageMs } : row.clock;
      const meta = row.meta_event && {
        ...row.meta_event,
        expiresAt: row.meta_event.expiresAt + outageMs,
      };
      const flag = deadlineOf(clock, meta);
      const updated = await t
        .updateTable('games')
        .set({
          clock: jsonColumn(clock),
          meta_event: meta ? jsonColumn(meta) : null,
          flag_at: flag === null ? null : new Date(flag),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await games.scheduleDeadline(updated, tx);
    }
  });
}
