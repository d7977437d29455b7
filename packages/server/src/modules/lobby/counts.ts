import type { Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { GameTables } from '../game/migrations.ts';

/** Correspondence games still in progress (the admins' count in the lobby). */
export async function correspondenceGameCount(db: Db): Promise<number> {
  const row = await (db as unknown as Kysely<GameTables>)
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ended_at', 'is', null)
    .where('correspondence', '=', true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
