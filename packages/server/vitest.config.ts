import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Servers start real databases; under load that takes seconds.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
