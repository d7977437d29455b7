import { defineProject } from 'vitest/config';

// TESSERA_SOAK=1 runs thousands of random tournaments per method: no time limit then.
export default defineProject({
  test: {
    name: 'pairing',
    include: ['test/**/*.test.ts'],
    testTimeout: process.env.TESSERA_SOAK ? 0 : 20_000,
    // One file at a time: the suite is all CPU (no gain from a third worker on
    // two cores), and COP's phase caps are wall-clock time.
    maxWorkers: 1,
  },
});
