import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, rpc, startTestServer, type TestServer } from './harness.ts';

/**
 * Reset codes are not kept in the stored text of a mail. Without SMTP the
 * outbox is how the operator delivers them, so they show there for an hour;
 * with SMTP they are never stored at all.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.dispose();
});

async function resetMail(server: TestServer) {
  const u = await registerUser(server);
  const email = `${u.username}@example.com`;
  await rpc(server, 'AuthenticationService', 'ResetPasswordStep1', { email });
  const { rows } = await sql<{ id: number; body: string; secrets: unknown }>`
    SELECT id, body, secrets FROM mail_outbox WHERE to_address = ${email}`.execute(
    server.core.database.db,
  );
  return rows[0];
}

describe('the mail outbox', () => {
  it('shows a reset code for an hour without SMTP, and never stores it in the text', async () => {
    const server = await startTestServer();
    servers.push(server);
    const row = await resetMail(server);
    expect(row.body).toContain('[withheld 1]');
    expect(row.body).not.toMatch(/t=[A-Za-z0-9_-]{20,}/);
    const shown = (await server.core.mailer.outbox(50)).find((m) => m.id === row.id)!;
    const code = /Your reset code: (\S+)/.exec(shown.body)![1];
    expect(code).not.toBe('[withheld');
    expect(shown.body).toContain(`t=${code}`);
    await sql`UPDATE mail_outbox SET created_at = now() - interval '2 hours' WHERE id = ${row.id}`.execute(
      server.core.database.db,
    );
    const later = (await server.core.mailer.outbox(50)).find((m) => m.id === row.id)!;
    expect(later.body).not.toContain(code);
    expect(later.body).toContain('[withheld 1]');
  });

  it('never stores the code when SMTP is configured', async () => {
    // A port nobody listens on: the SMTP delivery fails, and the failure is recorded.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    servers.push(server);
    const row = await resetMail(server);
    expect(row.body).toContain('[withheld 1]');
    expect(row.secrets).toBeNull();
    const shown = (await server.core.mailer.outbox(50)).find((m) => m.id === row.id)!;
    expect(shown.body).toContain('[withheld 1]');
    expect(shown.error).toBeTruthy();
  });
});
