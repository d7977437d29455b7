export { createMailer, mailMigrations, type Mailer, type OutboxEntry } from './mail.ts';
