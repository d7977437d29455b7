import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../src/commands/gcg.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const testdata = fileURLToPath(new URL('../../../../shared/testdata/gcg/', import.meta.url));
const haveTestdata = existsSync(testdata);
const file = (name: string) => join(testdata, name);

let out: string[];
let errors: string[];
beforeEach(() => {
  out = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe.skipIf(!haveTestdata)('tessera gcg replay', () => {
  it('prints the JSON summary of a real game and exits 0 (spawned like a user would)', () => {
    vi.restoreAllMocks();
    const r = spawnSync(
      process.execPath,
      ['packages/cli/bin/tessera.mjs', 'gcg', 'replay', file('gcgio-doug_v_emely.gcg'), '--json'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('{"ok":true,"turns":28,"final":[451,345],"mismatches":[]}\n');
    expect(r.status).toBe(0);
  });

  it('replays the Polish game with the letter set found from its tiles', async () => {
    expect(await run(['replay', file('gcgio-polish_endgame.gcg'), '--json'])).toBe(0);
    expect(JSON.parse(out[0])).toEqual({ ok: true, turns: 53, final: [316, 323], mismatches: [] });
  });

  it('names the first line whose score disagrees and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-gcg-'));
    const text = readFileSync(file('gcgio-doug_v_emely.gcg'), 'utf8').replace('+82 148', '+80 146');
    writeFileSync(join(dir, 'bad.gcg'), text);
    expect(await run(['replay', join(dir, 'bad.gcg'), '--json'])).toBe(1);
    expect(JSON.parse(out[0])).toEqual({
      ok: false,
      turns: 28,
      final: [451, 345],
      // Line 7's score is wrong; line 10's total no longer adds up to the edited 146.
      mismatches: [
        { line: 7, recorded: 80, computed: 82 },
        { line: 10, recorded: 164, computed: 162 },
      ],
    });
    out = [];
    errors = [];
    expect(await run(['replay', join(dir, 'bad.gcg')])).toBe(1);
    expect(errors.join('\n')).toContain('line 7 disagrees: recorded 80, computed 82');
  });

  it('names an illegal line and exits 1', async () => {
    expect(await run(['replay', file('gcgio-polish_endgame.gcg'), '--letters', 'english'])).toBe(1);
    expect(errors.join('\n')).toMatch(/line 6: .* is not a tile of the english letter set/);
  });

  it('refuses a file in an unsupported encoding with a clear error', async () => {
    expect(await run(['replay', file('gcgio-name_weird_encoding_with_header.gcg'), '--json'])).toBe(
      1,
    );
    expect(JSON.parse(out[0])).toEqual({ ok: false, turns: 0, final: [0, 0], mismatches: [] });
    expect(errors.join('\n')).toContain("unsupported character encoding 'ISO8859-6'");
  });
});

describe('tessera gcg usage', () => {
  it('explains bad arguments and exits 2', async () => {
    expect(await run([])).toBe(2);
    expect(await run(['replay'])).toBe(2);
    expect(await run(['replay', 'x.gcg', '--letters', 'klingon'])).toBe(2);
    expect(errors.join('\n')).toContain("unknown letter set 'klingon'");
    expect(await run(['replay', '/nonexistent/file.gcg'])).toBe(2);
  });
});
