export const summary =
  'show the mail outbox (messages the server wrote; sent ones too when SMTP is set)';

/** `tessera outbox [--limit N] [--json]`: newest first, read from the configured database. */
export async function run(args: string[]): Promise<number> {
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 20;
  if (!Number.isInteger(limit) || limit <= 0) {
    console.error('tessera outbox: --limit needs a positive whole number');
    return 2;
  }
  const { openCore } = await import('@tessera/server');
  const core = await openCore({ logLevel: 'silent' });
  try {
    const entries = await core.mailer.outbox(limit);
    if (args.includes('--json')) {
      console.log(JSON.stringify(entries));
      return 0;
    }
    if (entries.length === 0) console.log('The outbox is empty.');
    for (const e of entries) {
      const state = e.sentAt ? 'sent' : e.error ? `failed: ${e.error}` : 'not sent (no SMTP_URL)';
      console.log(`#${e.id} ${e.createdAt.toISOString()} to ${e.to} [${state}]`);
      console.log(`Subject: ${e.subject}\n\n${e.body}\n${'-'.repeat(60)}`);
    }
    return 0;
  } finally {
    await core.close();
  }
}
