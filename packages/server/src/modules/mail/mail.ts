import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Migration } from '../../storage/migrate.ts';
import type { Db } from '../../storage/database.ts';
import { jsonColumn } from '../../storage/json-column.ts';

/**
 * Outgoing mail. Every message is written to the outbox table first; with
 * SMTP_URL set it is then handed to the SMTP server and marked sent (or its
 * error kept). Without SMTP the outbox is where the operator reads it
 * (`tessera outbox`).
 *
 * Secrets in a message (reset codes) are never kept in its stored text:
 * they are replaced by "[withheld N]". With SMTP they go only to the SMTP
 * server; without it the outbox must show them, so they are kept beside the
 * text for SECRET_HOURS and then forgotten.
 */
export const SECRET_HOURS = 1;
export const mailMigrations: Migration[] = [
  {
    name: '0001_outbox',
    async up(db) {
      await sql`CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        error text
      )`.execute(db);
    },
  },
  {
    name: '0002_withheld_secrets',
    async up(db) {
      await sql`ALTER TABLE mail_outbox ADD COLUMN secrets jsonb`.execute(db);
      // Messages written before secrets were withheld may hold reset codes.
      await sql`UPDATE mail_outbox SET body = '[removed: written before secrets were withheld]'
        WHERE subject LIKE 'Reset your%'`.execute(db);
    },
  },
];

type MailTables = {
  mail_outbox: {
    id?: number;
    to_address: string;
    subject: string;
    body: string;
    created_at?: Date;
    sent_at?: Date | null;
    error?: string | null;
    secrets?: string[] | null;
  };
};

const marker = (i: number) => `[withheld ${i + 1}]`;

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

export interface Mailer {
  /** Sends a message; `secrets` (codes in the body) are never stored with its text. */
  send(to: string, subject: string, body: string, secrets?: string[]): Promise<void>;
  /** The latest messages, newest first, secrets shown while they are kept. */
  outbox(limit?: number): Promise<OutboxEntry[]>;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const mail = db.withTables<MailTables>();
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(to, subject, body, secrets = []) {
      const withheld = secrets.reduce((text, s, i) => text.replaceAll(s, marker(i)), body);
      const { id } = await mail
        .insertInto('mail_outbox')
        .values({
          to_address: to,
          subject,
          body: withheld,
          secrets: transport || secrets.length === 0 ? null : jsonColumn(secrets),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from: opts.from, to, subject, text: body });
        await mail
          .updateTable('mail_outbox')
          .set({ sent_at: new Date() })
          .where('id', '=', id!)
          .execute();
      } catch (e) {
        await mail
          .updateTable('mail_outbox')
          .set({ error: String((e as Error).message ?? e) })
          .where('id', '=', id!)
          .execute();
      }
    },
    async outbox(limit = 20) {
      await mail
        .updateTable('mail_outbox')
        .set({ secrets: null })
        .where('secrets', 'is not', null)
        .where('created_at', '<', new Date(Date.now() - SECRET_HOURS * 3600_000))
        .execute();
      const rows = await mail
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id!,
        to: r.to_address,
        subject: r.subject,
        body: (r.secrets ?? []).reduce((text, s, i) => text.replaceAll(marker(i), s), r.body),
        createdAt: r.created_at!,
        sentAt: r.sent_at ?? null,
        error: r.error ?? null,
      }));
    },
  };
}
