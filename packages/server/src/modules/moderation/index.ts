import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import { createModeration, type Moderation } from './moderation.ts';

export { moderationMigrations, type ModActionType, type Moderation } from './moderation.ts';

/** Moderator actions on users, and whether one is in force (muted, suspended). */
export function createModerationModule(deps: { db: Db }): ModuleParts<Moderation> {
  return { module: { name: 'moderation' }, api: createModeration(deps.db) };
}
