import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { Memberships } from '../membership/index.ts';
import type { ModuleContext } from '../module.ts';
import type { Roles } from '../roles/index.ts';
import type { Scheduler } from '../scheduler/index.ts';

/** What the bot module is given: the infrastructure and the modules it asks. */
export interface BotDeps extends ModuleContext {
  accounts: Accounts;
  sessions: SessionResolver;
  roles: Roles;
  memberships: Memberships;
  games: GameApi;
  scheduler: Scheduler;
}
