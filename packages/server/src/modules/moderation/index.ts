export { createModeration, moderationMigrations, type Moderation } from './moderation.ts';
