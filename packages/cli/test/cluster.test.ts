import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '@tessera/server/cluster';

const run = promisify(execFile);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/tessera.mjs');

describe('tessera cluster', () => {
  it('refuses to start without the shared PostgreSQL and NATS, saying why', async () => {
    const r = await run(process.execPath, [bin, 'cluster', '--nodes', '2'], {
      env: { ...process.env, DATABASE_URL: '', NATS_URL: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(r).toMatchObject({ code: 2 });
    expect((r as { stderr: string }).stderr).toMatch(/set DATABASE_URL and NATS_URL/);
  });

  it('refuses a node count out of range', async () => {
    const r = await run(process.execPath, [bin, 'cluster', '--nodes', '0']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(r).toMatchObject({ code: 2 });
  });

  it('writes a balancer configuration with a health-checked server per node', () => {
    const text = haproxyConfig({
      host: '0.0.0.0',
      port: 8080,
      nodes: ['127.0.0.1:9001', '127.0.0.1:9002'],
    });
    expect(text).toContain('bind 0.0.0.0:8080');
    expect(text).toContain('option httpchk GET /healthz');
    expect(text).toContain('server node1 127.0.0.1:9001 check');
    expect(text).toContain('server node2 127.0.0.1:9002 check');
    expect(text).toContain('timeout tunnel 1h');
  });
});
