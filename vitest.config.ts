import { defineConfig } from 'vitest/config';

const FILES = ['test/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * Test files that must get a fresh module graph of their own: a `vi.mock` of a module of src/ (with
 * the graph shared, an earlier file may already hold the real module, and the mock would leak into
 * the files after it).
 */
const ISOLATED = ['test/csv/hash-collisions.test.ts'];

/**
 * The optional real-site group, skipped unless CALCTL_REAL_URL is set (it costs CI nothing): each file
 * keeps its own modules, and the files run one at a time, because they share one site and some of them
 * (sync, migrate) read all of it: another file's writes in the middle of a pull read as the site
 * changing under it.
 */
const REAL_SITE = ['test/real-site/**/*.test.ts'];

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
      {
        extends: true,
        test: { name: 'shared', include: FILES, exclude: [...ISOLATED, ...REAL_SITE], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'real-site', include: REAL_SITE, fileParallelism: false } },
    ],
  },
});
