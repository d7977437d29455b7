import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package is a vitest project with
// its own config (packages/*/vitest.config.ts), so `npm test` runs them all
// and `npx vitest run --project engine` runs one.
//
// Files run three at a time: vitest's default (one worker fewer than the
// cores) gives a 2-core machine one worker, while most server and CLI files
// spend their time waiting on a server or a child process. The browser suite
// (e2e) keeps one worker and runs after the rest (its own maxWorkers).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
    maxWorkers: 3,
  },
});
