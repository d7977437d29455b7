import type { Logger } from 'pino';
import type { Scheduler } from '../scheduler/index.ts';
import type { GameLists } from './game-lists.ts';
import { DEADLINE_JOB, type Games } from './games.ts';

/** A deadline that turns out not yet due (a clock read a hair early) is looked at again this soon. */
const RECHECK_MS = 100;

/**
 * Game deadlines on the durable scheduler: when the player on turn runs out
 * of time, or an unanswered cancel or nudge request's countdown ends, the
 * job ends or resolves the game, whether or not anyone is connected and
 * whichever process claims it. Every change to a game moves its job in the
 * same transaction, so a job that fires is either due or stale; a stale one
 * is put back at the game's current deadline.
 */
export function handleDeadlines(scheduler: Scheduler, games: Games, lists: GameLists, log: Logger) {
  scheduler.handle(DEADLINE_JOB, async (job) => {
    if (await games.timeOutIfDue(job.key)) return;
    const row = await games.row(job.key);
    if (!row || row.ended_at || !row.flag_at) return;
    const runAt = Math.max(row.flag_at.getTime(), Date.now() + RECHECK_MS);
    await scheduler.schedule({ kind: DEADLINE_JOB, key: row.id, runAt });
  });

  return {
    /** Gives every running game that has none a deadline job (games from before the scheduler). */
    async scheduleAll(): Promise<void> {
      const rows = await lists.withDeadlines();
      await scheduler.scheduleMissing(
        rows.map((row) => ({ kind: DEADLINE_JOB, key: row.id, runAt: row.flag_at! })),
      );
      if (rows.length) log.debug({ games: rows.length }, 'game deadlines checked');
    },
  };
}
