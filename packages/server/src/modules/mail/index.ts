import type { Config } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import { createMailer, type Mailer } from './mail.ts';

export { mailMigrations, type Mailer, type OutboxEntry } from './mail.ts';

/** Outgoing mail: written to the outbox first, then sent when SMTP is configured. */
export function createMailModule(deps: {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>;
}): ModuleParts<Mailer> {
  const mailer = createMailer(deps.db, {
    smtpUrl: deps.config.smtpUrl,
    from: deps.config.smtpFrom,
  });
  return { module: { name: 'mail' }, api: mailer };
}
