/** The import checkpoint and sync's status database keep time by the run's injected clock. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SyncState } from '../../src/commands/sync/state.js';
import { Checkpoint } from '../../src/import/checkpoint.js';

const FIXED = new Date('2031-05-06T07:08:09.000Z');

describe('the injected clock', () => {
  it("stamps an import checkpoint with the run's time", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-clock-'));
    const path = join(dir, 'in.csv.calctl-checkpoint.json');
    let now = FIXED.getTime();
    const input = { path: join(dir, 'in.csv'), size: 1, mtimeMs: 1 };
    const cp = new Checkpoint(
      path,
      input,
      'events',
      { created: 0, updated: 0, unchanged: 0, rejected: 0, blank: 0 },
      () => {
        return new Date(now);
      },
    );
    cp.finish(1);
    await cp.flush();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ doneBelow: 2, updatedAt: FIXED.toISOString() });
    now += 60_000;
    cp.finish(2);
    await cp.flush();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      doneBelow: 3,
      updatedAt: new Date(now).toISOString(),
    });
  });

  it("notes in sync's status database when a base was written, by the run's clock", () => {
    const state = new SyncState(mkdtempSync(join(tmpdir(), 'calctl-clock-')), () => FIXED);
    try {
      state.setBase({ resource: 'tags', id: 7, hash: 'h', record: { id: 7, name: 'x' }, modified: '' });
      expect(state.baseMeta('tags').get(7)?.synced).toBe('2031-05-06T07:08:08');
    } finally {
      state.close();
    }
  });
});
