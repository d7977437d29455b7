import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package is a vitest project with
// its own config (packages/*/vitest.config.ts), so `npm test` runs them all
// and `npx vitest run --project engine` runs one.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
  },
});
