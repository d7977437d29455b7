import type { Logger } from 'pino';
import type { Db } from '../../storage/database.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import { JobScheduler, type Scheduler, type SchedulerOptions } from './scheduler.ts';

export { schedulerMigrations } from './migrations.ts';
export type { Job, JobHandler, Scheduler, SchedulerOptions } from './scheduler.ts';

/**
 * The durable job scheduler: other modules schedule work for later (in their
 * own transactions if they like) and register a handler per job kind; every
 * process polls, and each due job runs once, in whichever process claims it.
 */
export function createSchedulerModule(
  ctx: { db: Db; log: Logger; processId?: string },
  opts: SchedulerOptions = {},
): ModuleParts<Scheduler> {
  const scheduler = new JobScheduler(ctx.db, ctx.log, ctx.processId, opts);
  const module: ServerModule = {
    name: 'scheduler',
    start: async () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
  return { module, api: scheduler };
}
