import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorKey } from '@tessera/protocol';
import { parseImageHosts } from '../src/http/image-hosts.ts';
import { rpc, uniqueName, useTestServer } from './harness.ts';
import { createTournament, tournamentManager, tournamentOk } from './tournament-helpers.ts';

/**
 * Tournament logos under the content security policy (issue 36, item 18;
 * decision 0149): the operator's image hosts (IMAGE_HOSTS) are in the
 * policy's img-src, and a logo elsewhere is refused when entered rather than
 * blocked on the page.
 */
const dist = mkdtempSync(join(tmpdir(), 'tessera-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const server = useTestServer({
  webDist: dist,
  imageHosts: parseImageHosts('https://images.example.org, https://*.cdn.example.net'),
});

async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await rpc(server, 'TournamentService', method, body, { cookie });
  expect(r.body.message?.split(';')[0], `${method} → ${key}: ${r.body.message}`).toBe(
    String(ERRORS[key].code),
  );
}

describe('IMAGE_HOSTS', () => {
  it('takes bare http(s) origins and stops the start on anything that could change the policy', () => {
    expect(parseImageHosts(undefined)).toEqual([]);
    expect(
      parseImageHosts('https://A.example.org/, http://127.0.0.1:8123 https://x.org:443'),
    ).toEqual(['https://a.example.org', 'http://127.0.0.1:8123', 'https://x.org']);
    for (const bad of [
      "https://a.org; script-src 'unsafe-inline'",
      '*',
      'https:',
      'javascript://a.org',
      'https://a.org/path',
      "'unsafe-inline'",
      'data:',
    ])
      expect(() => parseImageHosts(bad), bad).toThrow(/IMAGE_HOSTS/);
  });

  it('puts the hosts in the pages’ img-src', async () => {
    const policy = (await fetch(`${server.url}/tournament/x`)).headers.get(
      'content-security-policy',
    );
    expect(policy).toContain(
      "img-src 'self' data: blob: https://images.example.org https://*.cdn.example.net;",
    );
  });

  it('a logo must be on one of them or on this site', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('logo'), name: 'Logo' });
    const setLogo = (logo: string) => ({ metadata: { id, logo }, setOnlySpecified: true });
    for (const logo of [
      'https://images.example.org/club.png',
      'https://eu.cdn.example.net/a/b.svg',
      '/logos/club.png',
    ])
      await tournamentOk(server, 'SetTournamentMetadata', setLogo(logo), td.cookie);
    for (const logo of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'not a url',
      '//elsewhere.example.com/x.png',
      'https://u:p@images.example.org/x.png',
    ])
      await refused('TOURNAMENT_LOGO_URL', 'SetTournamentMetadata', setLogo(logo), td.cookie);
    for (const logo of [
      'https://elsewhere.example.com/x.png',
      'http://images.example.org/x.png',
      'https://cdn.example.net/x.png',
      'https://images.example.org:8443/x.png',
    ])
      await refused('TOURNAMENT_LOGO_HOST', 'SetTournamentMetadata', setLogo(logo), td.cookie);
    const r = await rpc(
      server,
      'TournamentService',
      'SetTournamentMetadata',
      setLogo('https://elsewhere.example.com/x.png'),
      { cookie: td.cookie },
    );
    expect(r.body.message).toContain('https://images.example.org, https://*.cdn.example.net');
  });
});
