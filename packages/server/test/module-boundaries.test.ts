import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The shape the lint rules hold: a server module reaches another only
 * through its index.ts, and the engine imports no Node module. Each case
 * lints a line of code as if it stood in a real file of the repository.
 */
const root = join(fileURLToPath(import.meta.url), '../../../..');
// The repository's own configuration, less the type-aware rules (they would
// build a TypeScript program for these made-up files).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', { timeout: 30_000 }, () => {
  it('refuses one server module importing another’s internals', async () => {
    const errors = await importErrors(
      'packages/server/src/modules/lobby/example.ts',
      "import { Games } from '../game/games.ts';\nexport const x = Games;\n",
    );
    expect(errors.join()).toMatch(/through its index\.ts/);
  });

  it('accepts an import of another module’s index.ts and of the module’s own files', async () => {
    expect(
      await importErrors(
        'packages/server/src/modules/lobby/example.ts',
        "import { gameInfo } from '../game/index.ts';\nimport { LOBBY_REALM } from './lobby.ts';\nexport const x = [gameInfo, LOBBY_REALM];\n",
      ),
    ).toEqual([]);
  });

  it('refuses server code outside the modules reaching into a module', async () => {
    const errors = await importErrors(
      'packages/server/src/app.ts',
      "import { Ratings } from './modules/rating/ratings.ts';\nexport const x = Ratings;\n",
    );
    expect(errors.join()).toMatch(/through its index\.ts/);
  });

  it('refuses a Node module in the engine and the tournament package', async () => {
    for (const file of [
      'packages/engine/src/game/example.ts',
      'packages/tournament/src/example.ts',
    ])
      for (const source of ['node:fs', 'fs', 'node:worker_threads']) {
        const errors = await importErrors(
          file,
          `import * as m from '${source}';\nexport const x = m;\n`,
        );
        expect(errors.length, `${file}: ${source}`).toBeGreaterThan(0);
      }
  });

  it('gives every module a create<Name>Module factory in its index.ts', async () => {
    const modulesDir = join(root, 'packages/server/src/modules');
    const names = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(names.length).toBeGreaterThan(15);
    for (const name of names) {
      const face = (await import(join(modulesDir, name, 'index.ts'))) as Record<string, unknown>;
      const factory = `create${name[0].toUpperCase()}${name.slice(1)}Module`;
      expect(typeof face[factory], `modules/${name}/index.ts exports ${factory}`).toBe('function');
    }
  });
});
