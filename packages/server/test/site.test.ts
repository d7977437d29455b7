import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeam } from '../src/modules/site/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe("the site's own pages' operator files", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tessera-site-'));
    await writeFile(join(dir, 'terms.txt'), 'Our own terms.\n\nSecond paragraph.\n');
    await writeFile(
      join(dir, 'team.json'),
      JSON.stringify([
        { name: 'Ada', role: 'Founder', url: 'https://ada.example' },
        { name: 'Bob', role: 'Moderator', url: 'javascript:alert(1)' },
        { name: 'no role' },
      ]),
    );
    server = await startTestServer({
      termsFile: join(dir, 'terms.txt'),
      teamFile: join(dir, 'team.json'),
    });
  });
  afterAll(() => server?.close());

  it('serves the terms file (TERMS_FILE) and the team list (TEAM_FILE)', async () => {
    const terms = await fetch(`${server.url}/site/terms.txt`);
    expect(terms.status).toBe(200);
    expect(await terms.text()).toBe('Our own terms.\n\nSecond paragraph.\n');
    const team = await fetch(`${server.url}/site/team.json`);
    expect(await team.json()).toEqual([
      { name: 'Ada', role: 'Founder', url: 'https://ada.example' },
      { name: 'Bob', role: 'Moderator' },
    ]);
  });

  it('reads a broken team file as no team', () => {
    expect(parseTeam('{"not": "a list"}')).toEqual([]);
    expect(parseTeam('not json')).toEqual([]);
    expect(parseTeam(undefined)).toEqual([]);
  });
});
