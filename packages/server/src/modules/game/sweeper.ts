import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { GameBroadcaster } from './broadcast.ts';
import type { Applied, Games } from './games.ts';
import type { GameTables } from './migrations.ts';

export const SWEEP_INTERVAL_MS = 500;
const SWEEP_BATCH = 100;

/**
 * Ends games whose player on turn has run out of time, whether or not anyone
 * is connected. Every process sweeps; the row lock in Games makes sure each
 * game is ended once, and a process that finds it already over moves on.
 */
export class ClockSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly db: Kysely<GameTables>,
    private readonly games: Games,
    private readonly out: GameBroadcaster,
    private readonly log: Logger,
    private readonly after: (a: Applied) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  async sweep(now = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let ended = 0;
    try {
      const due = await this.db
        .selectFrom('games')
        .select('id')
        .where('ended_at', 'is', null)
        .where('flag_at', '<=', new Date(now))
        .limit(SWEEP_BATCH)
        .execute();
      for (const { id } of due) {
        try {
          const applied = await this.games.timeOutIfDue(id, now);
          if (!applied) continue;
          ended++;
          await this.out.changed(applied);
          this.after(applied);
        } catch (err) {
          this.log.debug({ err, game: id }, 'sweep skipped a game');
        }
      }
    } catch (err) {
      this.log.error({ err }, 'clock sweep failed');
    } finally {
      this.running = false;
    }
    return ended;
  }
}
