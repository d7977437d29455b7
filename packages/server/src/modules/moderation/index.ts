export {
  createModeration,
  moderationMigrations,
  type ModActionType,
  type Moderation,
} from './moderation.ts';
