/**
 * One pairing, one game (issue 36, item 8). Before a tournament game is
 * created, both players' seats in the round are claimed in
 * `tournament_game_claims`, whose primary key lets one claim per player and
 * round exist: a second start of the same pairing (two READYs at once, a
 * READY racing auto-start, an unready and ready while the first game is
 * being created) finds the seats taken and starts nothing. The claim holds
 * the game's id once the game has started; a claim whose game the pairing
 * no longer holds (an amended re-pairing, an unstart) is stale and replaced,
 * and so is one left without a game by a crash, after a while.
 */
import { sql } from 'kysely';
import { divisionById, playerIndex, settled, type TState } from '@tessera/tournament';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/** A claim with no game after this long was left by a start that never finished. */
export const CLAIM_ABANDONED_MS = 120_000;

export const claimsMigration: Migration = {
  name: '0002_game_claims',
  async up(db) {
    await sql`CREATE TABLE tournament_game_claims (
      tournament_id text NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
      division_id text NOT NULL,
      round integer NOT NULL,
      player text NOT NULL,
      game_id text NOT NULL DEFAULT '',
      claimed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tournament_id, division_id, round, player)
    )`.execute(db);
  },
};

interface Claim {
  tournament: string;
  divisionId: string;
  round: number;
  players: [string, string];
}

/**
 * Claims both seats of the pairing on `tx` (which holds the tournament's row
 * lock, so `s` is current): true if this start may create the game, false
 * if the pairing's game is started or being started elsewhere.
 */
export async function claimSeats(tx: Db, s: TState, c: Claim): Promise<boolean> {
  const div = divisionById(s, c.divisionId);
  if (!div) return false;
  const [pa, pb] = c.players.map((p) => playerIndex(div, p));
  const slot = div.rounds[c.round]?.[pa];
  if (pa < 0 || pb < 0 || !slot || slot.opponent !== pb || slot.gameId || settled(slot))
    return false;
  // The pairing holds no game: a claim with a game belongs to a pairing since replaced.
  await sql`DELETE FROM tournament_game_claims
    WHERE tournament_id = ${c.tournament} AND division_id = ${c.divisionId}
      AND round = ${c.round} AND player IN (${c.players[0]}, ${c.players[1]})
      AND (game_id <> '' OR claimed_at < now() - make_interval(secs => ${CLAIM_ABANDONED_MS / 1000}))`.execute(
    tx,
  );
  const inserted = await sql<{
    player: string;
  }>`INSERT INTO tournament_game_claims (tournament_id, division_id, round, player)
    VALUES (${c.tournament}, ${c.divisionId}, ${c.round}, ${c.players[0]}),
           (${c.tournament}, ${c.divisionId}, ${c.round}, ${c.players[1]})
    ON CONFLICT DO NOTHING RETURNING player`.execute(tx);
  if (inserted.rows.length === 2) return true;
  // One seat taken: the other, just claimed, is given back (a round's claims share one transaction).
  for (const { player } of inserted.rows)
    await sql`DELETE FROM tournament_game_claims
      WHERE tournament_id = ${c.tournament} AND division_id = ${c.divisionId}
        AND round = ${c.round} AND player = ${player}`.execute(tx);
  return false;
}

/** The claim's game, once it has started (in the transaction that logs game.started). */
export async function claimGame(tx: Db, c: Claim, gameId: string): Promise<void> {
  await sql`UPDATE tournament_game_claims SET game_id = ${gameId}
    WHERE tournament_id = ${c.tournament} AND division_id = ${c.divisionId}
      AND round = ${c.round} AND player IN (${c.players[0]}, ${c.players[1]})`.execute(tx);
}

/** A start that failed frees the seats for the next READY. */
export async function releaseSeats(db: Db, c: Claim): Promise<void> {
  await sql`DELETE FROM tournament_game_claims
    WHERE tournament_id = ${c.tournament} AND division_id = ${c.divisionId}
      AND round = ${c.round} AND player IN (${c.players[0]}, ${c.players[1]})
      AND game_id = ''`.execute(db);
}
