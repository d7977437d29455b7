import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package is a vitest project with
// its own config (packages/*/vitest.config.ts), so `npm test` runs them all
// and `npx vitest run --project engine` runs one.
//
// Files run two at a time: vitest's default (one worker fewer than the
// cores) gives a 2-core machine one worker, while most server and CLI files
// spend their time waiting on a server or a child process. (Three at a time
// was faster still but made timing-bound server tests flaky on a busy
// machine: docs/PERFORMANCE.md.) The browser suite (e2e) and the pairing
// suite (all CPU, with wall-clock caps) keep one worker (their own
// maxWorkers) and run after the rest.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
    maxWorkers: 2,
  },
});
