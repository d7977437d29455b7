export { openCore, startServer, type Core, type RunningServer, type StartOptions } from './app.ts';
export { openOperatorServices, type OperatorServices } from './operator.ts';
export {
  LASTING_TYPES,
  MAX_DURATION_HOURS,
  MAX_NOTE_LENGTH,
  type ModActionRecord,
  type ModActionType,
} from './modules/moderation/index.ts';
export { loadConfig, type Config } from './config.ts';
export { DataDirInUse } from './storage/data-dir-lock.ts';
export { ROLES, isRoleName, type RoleName } from './modules/roles/index.ts';
export { Announcements, announcementProblem } from './modules/config/index.ts';
export { Memberships, isTier, TIER_ALLOWANCES, type Tier } from './modules/membership/index.ts';
export {
  generateOffline,
  PuzzleGenerator,
  PuzzleStore,
  type JobRow,
  type PlainJobRequest,
} from './modules/puzzle/index.ts';
export { rebuildStatsOffline } from './modules/stats/index.ts';
export { janusRoomOf } from './modules/monitoring/index.ts';
