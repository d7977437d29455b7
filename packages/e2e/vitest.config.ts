import { defineProject } from 'vitest/config';

// One browser suite at a time: each file drives several Chromium pages
// against its own server, and two at once on a 2-core machine time out.
export default defineProject({
  test: { name: 'e2e', include: ['test/**/*.test.ts'], maxWorkers: 1 },
});
