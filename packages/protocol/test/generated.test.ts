import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(pkg, '../../node_modules/.bin');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe('generated TypeScript', () => {
  it('matches what buf generates from the .proto files (run `npm run generate -w packages/protocol`)', () => {
    const out = mkdtempSync(join(tmpdir(), 'tessera-gen-'));
    try {
      execFileSync(join(bin, 'buf'), ['generate', '-o', out], {
        cwd: pkg,
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });
      const fresh = join(out, 'src/gen');
      const committed = join(pkg, 'src/gen');
      expect(files(committed)).toEqual(files(fresh));
      for (const f of files(fresh)) {
        expect(readFileSync(join(committed, f), 'utf8'), f).toBe(
          readFileSync(join(fresh, f), 'utf8'),
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
