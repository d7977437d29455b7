// One linter for the workspace: ESLint's recommended rules plus
// typescript-eslint's, type-aware only where a rule needs it (the server's
// and the web's sources) so it stays fast on two cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/gen', '**/data', '**/*_pb.ts', '**/.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  // The web app's React code: the rules of hooks, effect dependencies and the
  // React Compiler's checks.
  { files: ['packages/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  // The server's promises are awaited or explicitly voided: a forgotten one
  // loses its error and its ordering. Type-aware, so only where it matters.
  {
    files: ['packages/server/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // A switch over a union names every member, even one with a default (kept
  // for wire numbers a protobuf enum does not know): a new member is then a
  // lint error at each switch over it, not a case silently missed (decision
  // 0111). Type-aware.
  {
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false },
      ],
    },
  },
  // Server modules are boundaries: another module is reached only through its
  // index.ts (its public API), never through its other files. They refuse with
  // refuse(key, ...params) (decision 0110); only the edges make Connect errors.
  {
    files: ['packages/server/src/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@connectrpc/connect',
              importNames: ['ConnectError', 'Code'],
              message:
                'A module refuses with refuse(key, ...params) from @tessera/protocol; the HTTP and socket edges turn it into a ConnectError or an ERROR_MESSAGE.',
            },
          ],
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index\\.ts$)',
              message: 'Import another module only through its index.ts (its public API).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/*.ts', 'packages/server/src/!(modules)/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'modules/[a-z-]+/(?!index\\.ts$)',
              message: 'Import a server module only through its index.ts (its public API).',
            },
          ],
        },
      ],
    },
  },
  // Web features are boundaries too: another feature is reached only through
  // its index.ts (its public face). A pattern matches an import's text, not its
  // target, so each folder depth under features/ has its own block: from
  // features/a/x.tsx another feature is '../b/', from features/a/sub/x.tsx it
  // is '../../b/'.
  ...[1, 2, 3].map((depth) => ({
    files: [`packages/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[a-z-]+/(?!index\\.ts$)`,
              message: 'Import another web feature only through its index.ts (its public face).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/web/src/*.{ts,tsx}', 'packages/web/src/!(features)/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'features/[a-z-]+/(?!index\\.ts$)',
              message: 'Import a web feature only through its index.ts (its public face).',
            },
          ],
        },
      ],
    },
  },
  // The engine is a library for browsers, Web Workers and Node alike (its
  // tsconfig has no Node typings either): no Node modules in its source.
  // The same holds for pairing and tournament.
  {
    files: [
      'packages/engine/src/**/*.ts',
      'packages/pairing/src/**/*.ts',
      'packages/tournament/src/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|(fs|path|os|crypto|worker_threads|child_process|url|util)(/|$))',
              message:
                'The engine, pairing and tournament packages run in browsers too: no Node modules in their src. Do the I/O in the caller (cli, server, lexica) and pass the data in.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
