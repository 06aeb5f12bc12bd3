/**
 * Killed anywhere, nothing lost: `calctl serve` is killed with SIGKILL at seeded random moments while
 * every kind of writer works at once (the plugin's routes, core's event writes, users, application
 * passwords, media uploads of a few sizes, term writes, a /batch/v1 request), and restarted on the same
 * data dir each time. After every restart: it opens, the integrity check passes, every write answered
 * 2xx is there with its fields, nothing is half-written, and the uploads folder and the attachments
 * agree. The short version of `npm run kill` (a hundred kills).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { serveAvailable, stopAllServes } from '../helpers/spawn-serve.js';
import { killLoop } from './kill-loop.js';

const dirs: string[] = [];
afterEach(async () => stopAllServes());
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!serveAvailable())('SIGKILL under mixed writers', () => {
  it('five kills on one data dir: every answered write of every kind survives, uploads and attachments agree', {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'calctl-kill-'));
    dirs.push(dataDir);
    const summary = await killLoop({ dataDir, kills: 5, seed: 20261129 });
    console.info(`kill: ${JSON.stringify({ ...summary, problems: summary.problems.length })}`);
    expect(summary.problems).toEqual([]);
    expect(summary.lost).toBe(0);
    expect(summary.openFailures).toBe(0);
    expect(summary.kills).toBe(5);
    // The kills hit writers in the middle of their requests, and answered writes of every kind are checked.
    expect(summary.killsUnderLoad).toBe(5);
    expect(summary.answered).toBeGreaterThan(20);
    expect(Object.keys(summary.byKind).length).toBeGreaterThanOrEqual(6);
  });
});
