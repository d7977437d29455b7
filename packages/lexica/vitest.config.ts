import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'lexica', include: ['test/**/*.test.ts'] },
});
