import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    // Typing into forms with user-event takes seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
});
