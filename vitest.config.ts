import { defineConfig } from 'vitest/config';

// Test files share one module cache per worker (isolate: false): re-importing the core for each
// file was a fifth of the suite's time. A file that mocks a module runs isolated, so its mock
// cannot reach another file (none does today). Two files at a time, even on two cores: most wait
// on the CLI.
export const MOCKING: string[] = [];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    maxWorkers: 2,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      ...(MOCKING.length === 0 ? [] : [{ extends: true as const, test: { name: 'isolated', include: MOCKING } }]),
    ],
  },
});
