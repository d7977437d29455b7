import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['test/**/*.test.ts'],
    // The endgame and simulation tests are CPU-bound for seconds; with npm
    // test running two files at a time on two cores they take up to twice as
    // long as alone, past vitest's default 5 s.
    testTimeout: 30_000,
  },
});
