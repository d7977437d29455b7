import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Pages carry a content security policy, refuse to be framed by other sites
 * (the embedded board excepted), and nothing is content-sniffed.
 */
let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server.dispose();
  rmSync(dist, { recursive: true, force: true });
});

const headers = async (path: string) => (await fetch(`${server.url}${path}`)).headers;

describe('security headers', () => {
  it('keeps other sites from framing a game page, with a policy for scripts and connections', async () => {
    const h = await headers('/game/abcdef');
    const policy = h.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(h.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets any site frame the embedded board', async () => {
    const h = await headers('/embed/game/abcdef');
    expect(h.get('content-security-policy')).toContain('frame-ancestors *');
    expect(h.get('x-frame-options')).toBeNull();
  });

  it('marks scripts and API answers nosniff', async () => {
    expect((await headers('/assets/app.js')).get('x-content-type-options')).toBe('nosniff');
    expect((await headers('/healthz')).get('x-content-type-options')).toBe('nosniff');
  });
});
