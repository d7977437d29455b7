import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tournament',
    include: ['test/**/*.test.ts'],
  },
});
