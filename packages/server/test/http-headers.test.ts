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

  it('puts nosniff and the referrer policy on every answer: API, refusals, 404s, files, pages', async () => {
    const api = (method: string, body: string, type = 'application/json') =>
      fetch(`${server.url}/api/tessera.v1.AuthenticationService/${method}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    const answers = {
      'an API answer': await api('GetSession', '{}'),
      'an API refusal': await api('Login', '{"username":"nobody","password":"x"}'),
      'an unreadable API body': await api('GetSession', '{not json'),
      'a body nested too deep': await api('GetSession', `{"x":${'['.repeat(500)}}`),
      'an unknown API method': await api('NoSuchMethod', '{}'),
      'a binary API call': await api('GetSession', '', 'application/proto'),
      'an unknown file': await fetch(`${server.url}/assets/missing.js`),
      'a script': await fetch(`${server.url}/assets/app.js`),
      'a page': await fetch(`${server.url}/lobby`),
      'the health check': await fetch(`${server.url}/healthz`),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([what, res]) => [
        what,
        [res.headers.get('x-content-type-options'), res.headers.get('referrer-policy')],
      ]),
    );
    expect(seen).toEqual(
      Object.fromEntries(Object.keys(answers).map((what) => [what, ['nosniff', 'same-origin']])),
    );
    // The answers were of every kind.
    expect(answers['an API refusal'].status).toBe(401);
    expect(answers['an unknown API method'].status).toBe(404);
    expect(answers['an unknown file'].status).toBe(404);
  });
});
