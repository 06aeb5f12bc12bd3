/** A create journaled under the old event key is looked for under the one natural key after an upgrade. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { naturalKey } from '../../src/commands/sync/records.js';
import { SyncState } from '../../src/commands/sync/state.js';
import { nameKey } from '../../src/records/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('an event key noted as `title|start` reads back as the record model key; others as they were', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calctl-journal-'));
  dirs.push(dir);
  const state = new SyncState(dir, () => new Date());
  const event = { title: 'Kids&#8217; Club | Late', start_date: '2027-05-01 09:00:00' };
  // (as calctl noted it before: the name as the site shows it, lower-cased, a bar, the raw start)
  state.journal('create', 'events', 1_000_000_001, `${nameKey('events', event.title)}|${event.start_date}`);
  state.journal('create', 'events', 1_000_000_002, naturalKey(getResource('events'), event));
  state.journal('create', 'venues', 1_000_000_003, 'hall|2027-05-01 09:00:00');
  const natural = state.pending().map((r) => r.natural);
  state.close();
  expect(natural).toEqual([
    naturalKey(getResource('events'), event),
    naturalKey(getResource('events'), event),
    'hall|2027-05-01 09:00:00',
  ]);
});
