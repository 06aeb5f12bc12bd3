/** The history file: secrets never reach the command line it keeps; the file is its owner's only. */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { History, redactedCommand } from '../../src/commands/history/store.js';

describe('history store', () => {
  it('leaves secrets out of the command line', () => {
    expect(redactedCommand(['--token', 's3cret', 'import', 'events', 'a b.csv'])).toBe(
      "calctl --token *** import events 'a b.csv'",
    );
    expect(redactedCommand(['--token=s3cret', '--url', 'https://me:pw@example.org', 'events', 'delete', '4'])).toBe(
      'calctl --token=*** --url https://***@example.org events delete 4',
    );
  });

  it('is a file of mode 0600; a run that wrote nothing is not kept; a write is an intent until done', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'calctl-history-')), 'history', 'local.sqlite');
    const h = new History(path, () => new Date('2027-01-01T00:00:00Z'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const empty = h.start({ command: 'calctl import events a.csv', kind: 'import' });
    h.finish(empty, 'done', { created: 0 });
    expect(h.run(empty)).toBeUndefined();
    const run = h.start({ command: 'calctl import events a.csv', kind: 'import', source: '/a.csv', sha256: 'ab' });
    const seq = h.intent(run, { resource: 'events', action: 'created', title: 'One', after: { title: 'One' } });
    expect(h.records(run)[0]).toMatchObject({ state: 'intent', id: null });
    h.done(seq, { id: 7, modified: '2027-01-01 00:00:00' });
    h.finish(run, 'done', { created: 1, rows: 1 });
    expect(h.records(run)[0]).toMatchObject({ state: 'done', id: 7, modified: '2027-01-01 00:00:00' });
    expect(h.runs()[0]).toMatchObject({ id: run, status: 'done', counts: { created: 1 }, source: '/a.csv' });
    h.close();
  });
});
