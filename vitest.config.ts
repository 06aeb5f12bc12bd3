import { defineConfig } from 'vitest/config';

const FILES = ['test/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * Test files that must get a fresh module graph of their own: a `vi.mock` of a module of src/ (with
 * the graph shared, an earlier file may already hold the real module, and the mock would leak into
 * the files after it).
 */
const ISOLATED = [
  'test/csv/hash-collisions.test.ts',
  // (the optional real-site group, skipped unless CALCTL_REAL_URL is set: each file keeps its own
  // modules, as it did before the graph was shared; it costs CI nothing)
  'test/real-site/**/*.test.ts',
];

export default defineConfig({
  test: {
    // (one temporary folder for the run, removed at its end: test/global-setup.ts)
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      // Every other file runs in a worker that stays up for the next file, with src/ and the
      // libraries loaded once per worker: starting a process and loading the modules afresh for each
      // of ~170 files was about a third of the suite's time on 2 cores. Tests never change the
      // process's environment, working directory or globals (docs/development.md), so a file gets
      // nothing from the one before it but modules already loaded.
      { extends: true, test: { name: 'shared', include: FILES, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
