export { openCore, startServer, type Core, type RunningServer, type StartOptions } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { ROLES, isRoleName, type RoleName } from './modules/roles/roles.ts';
export { Announcements, announcementProblem } from './modules/config/announcements.ts';
export {
  Memberships,
  isTier,
  TIER_ALLOWANCES,
  type Tier,
} from './modules/membership/memberships.ts';
