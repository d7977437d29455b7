// @vitest-environment node
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The shape the lint rule holds in the web app: a feature reaches another
 * only through its index.ts (its public face), as the server's modules do
 * (packages/server/test/module-boundaries.test.ts). Each case lints a line of
 * code as if it stood in a real file of the repository.
 */
const root = join(fileURLToPath(import.meta.url), '../../../..');
// The repository's own configuration, less the server's type-aware rule.
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

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries', { timeout: 30_000 }, () => {
  it('refuses one feature importing another’s internals, from any folder depth', async () => {
    const cases: [string, string][] = [
      ['packages/web/src/features/puzzle/Example.tsx', '../game/GamePage.tsx'],
      ['packages/web/src/features/game/room/Example.tsx', '../../tournament/queries.ts'],
      ['packages/web/src/features/lobby/seek-form/Example.tsx', '../../social/pets.tsx'],
    ];
    for (const [file, source] of cases) {
      const errors = await importErrors(
        file,
        `import * as m from '${source}';\nexport const x = m;\n`,
      );
      expect(errors.join(), `${file} importing ${source}`).toMatch(/through its index\.ts/);
    }
  });

  it('accepts another feature’s index.ts, the feature’s own files and the shared folders', async () => {
    expect(
      await importErrors(
        'packages/web/src/features/tournament/director/Example.tsx',
        [
          "import { NOT_CONNECTED } from '../../lobby/index.ts';",
          "import { fromProto } from '../from-proto.ts';",
          "import { fields } from './fields.tsx';",
          "import { Modal } from '../../../ui/Modal.tsx';",
          'export const x = [NOT_CONNECTED, fromProto, fields, Modal];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses code outside the features reaching into a feature', async () => {
    const errors = await importErrors(
      'packages/web/src/app/example.ts',
      "import { LobbyPage } from '../features/lobby/LobbyPage.tsx';\nexport const x = LobbyPage;\n",
    );
    expect(errors.join()).toMatch(/through its index\.ts/);
  });
});
