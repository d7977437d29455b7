import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MessageType, ReadyForTournamentGameSchema } from '@tessera/protocol';
import {
  registerUser,
  rpc,
  startTestServer,
  TestSocket,
  uniqueName,
  type TestServer,
} from './harness.ts';
import { createTournament, tournamentManager } from './tournament-helpers.ts';

/**
 * A refusal (decision 0110) is a catalogue key with parameters until an edge
 * sends it: over Connect with its key's Connect code, over the socket as an
 * ERROR_MESSAGE; both in the catalogue form "<code>;<params>".
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('refusals at the edges', () => {
  it('arrive over Connect with the key’s Connect code and parameters', async () => {
    const td = await tournamentManager(server);
    const slug = uniqueName('edge');
    await createTournament(server, td, { slug, name: 'Edge' });
    const again = await rpc(
      server,
      'TournamentService',
      'NewTournament',
      { slug, name: 'Again', directorUsernames: [td.username] },
      { cookie: td.cookie },
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'already_exists',
      message: `${ERRORS.TOURNAMENT_SLUG_TAKEN.code};/tournament/${slug}`,
    });
    expect(again.error).toBe(`The address /tournament/${slug} is already taken.`);

    // LEXICON_UNAVAILABLE lists two Connect codes; defining words chooses not_found.
    const words = await rpc(server, 'WordService', 'DefineWords', {
      lexicon: 'NO_SUCH_LEXICON',
      words: ['CAT'],
    });
    expect(words.status).toBe(404);
    expect(words.body).toEqual({
      code: 'not_found',
      message: `${ERRORS.LEXICON_UNAVAILABLE.code};NO_SUCH_LEXICON`,
    });
  });

  it('arrive over the socket as an ERROR_MESSAGE with the code and parameters', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('edge'), name: 'Edge' });
    const player = await registerUser(server);
    const s = await TestSocket.withToken(server, player.cookie);
    s.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'Nowhere',
      round: 0,
    });
    const err = await s.next(MessageType.ERROR_MESSAGE);
    expect(err.message).toBe(`${ERRORS.TOURNAMENT_DIVISION_NOT_FOUND.code};Nowhere`);
    s.close();
  });
});

const root = join(fileURLToPath(import.meta.url), '../../../..');

describe('refusals stay values until the edge', { timeout: 30_000 }, () => {
  it('a module may not make a ConnectError (lint)', async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        // Type-aware rules need a program, which a made-up file has not.
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/switch-exhaustiveness-check': 'off',
        },
      },
    });
    const [result] = await eslint.lintText(
      "import { Code, ConnectError } from '@connectrpc/connect';\nexport const x = [Code, ConnectError];\n",
      { filePath: join(root, 'packages/server/src/modules/lobby/example.ts') },
    );
    const errors = result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
    expect(errors.map((m) => m.message).join()).toMatch(/refuse\(key, \.\.\.params\)/);
    expect(errors).toHaveLength(2);
  });

  it('no server code takes an error message apart, the HTTP edge included', () => {
    const src = join(root, 'packages/server/src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f, readFileSync(join(src, f), 'utf8')] as const);
    expect(files.length).toBeGreaterThan(100);
    // A line that names a message and splits, matches or searches something
    // (a cookie header's split(';') is no message).
    const parse = (line: string) =>
      /rawMessage/.test(line) ||
      (/message/i.test(line) &&
        /\.(split|startsWith|endsWith|match|includes|replace|test|exec)\(/.test(line));
    const found = files.flatMap(([f, text]) =>
      text
        .split('\n')
        .filter(parse)
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
    // The scan does see such a line.
    expect(parse('if (/unique/i.test(String((e as Error).message))) {')).toBe(true);
  });
});
