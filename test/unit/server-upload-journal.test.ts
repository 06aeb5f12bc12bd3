/**
 * The uploaded files follow the transaction of the write that adds or removes them (upload-journal.ts):
 * served only once it commits, gone with a write that fails, and what a killed process left pending is
 * settled by the store when the data dir opens again. (The kill loop found files of uploads a kill cut
 * short served under no attachment, and a deleted attachment's files gone while its row stayed.)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/site.js';
import { PENDING_UPLOADS } from '../../src/server/store/media.js';
import { newPost } from '../../src/server/store/posts.js';
import type { PostType } from '../../src/server/store/types.js';
import { writeDurably } from '../../src/server/store/upload-journal.js';
import { WriteBatch } from '../../src/server/store/write-batch.js';
import { openStores } from '../../src/server/stores.js';

const dirs: string[] = [];
const open: Stores[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'calctl-journal-'));
  dirs.push(d);
  return d;
}
function storesOf(dir: string): Stores {
  const s = openStores(dir, { optimize: false });
  open.push(s);
  return s;
}

/** An attachment of `file` as the upload route makes it: files first, then the row. */
function upload(stores: Stores, file: string, bytes: Buffer): number {
  stores.media.writeFile(file, bytes);
  const post = newPost({
    type: 'attachment' as PostType,
    title: file,
    date: '2026-11-29 06:00:00',
    date_utc: '2026-11-29 06:00:00',
    status: 'inherit',
    slug: file.replace(/\W+/g, '-'),
    guid: `/wp-content/uploads/${file}`,
  });
  const id = stores.media.insert(post, 'text/plain', file, '');
  stores.media.setMetadata(id, { filesize: bytes.length } as never);
  return id;
}

const served = (dir: string, file: string) => existsSync(join(dir, 'uploads', file));
const pending = (dir: string, file: string) => existsSync(join(dir, PENDING_UPLOADS, file));

describe('uploaded files and the transaction', () => {
  it('a new file is served only once its write commits, and a write that fails leaves none', async () => {
    const dir = dataDir();
    const stores = storesOf(dir);
    const batch = new WriteBatch(stores.db);
    const ok = batch.run(() => upload(stores, '2026/11/a.txt', Buffer.from('a')));
    expect(() =>
      batch.run(() => {
        upload(stores, '2026/11/b.txt', Buffer.from('b'));
        throw new Error('the write fails after its file was written');
      }),
    ).toThrow(/fails/);
    // (before the commit: waiting, not served)
    expect(served(dir, '2026/11/a.txt')).toBe(false);
    expect(pending(dir, '2026/11/a.txt')).toBe(true);
    expect(pending(dir, '2026/11/b.txt')).toBe(false);
    await ok.durable;
    expect(readFileSync(join(dir, 'uploads', '2026/11/a.txt'), 'utf8')).toBe('a');
    expect(pending(dir, '2026/11/a.txt')).toBe(false);
    expect(served(dir, '2026/11/b.txt')).toBe(false);
    // (a name waiting is taken: a second upload of the same name in the batch gets another)
    const next = batch.run(() => stores.media.writeFile('2026/11/c.txt', Buffer.from('c')));
    expect(stores.media.nameTaken('2026/11/c.txt')).toBe(true);
    await next.durable;
  });

  it("a deleted attachment's files stay until its delete commits, and come back when it fails", async () => {
    const dir = dataDir();
    const stores = storesOf(dir);
    const batch = new WriteBatch(stores.db);
    const id = batch.run(() => upload(stores, '2026/11/keep.txt', Buffer.from('keep'))).result;
    await new Promise((r) => setImmediate(r));
    const attachment = stores.media.get(id);
    if (!attachment) throw new Error('no attachment');
    expect(() =>
      batch.run(() => {
        stores.media.remove(attachment);
        throw new Error('the delete fails');
      }),
    ).toThrow(/fails/);
    expect(served(dir, '2026/11/keep.txt')).toBe(true);
    const gone = batch.run(() => stores.media.remove(attachment));
    expect(served(dir, '2026/11/keep.txt')).toBe(false);
    await gone.durable;
    expect(served(dir, '2026/11/keep.txt')).toBe(false);
    expect(pending(dir, '2026/11/keep.txt')).toBe(false);
  });

  it('what a killed process left pending is settled when the data dir opens: named files served, others gone', () => {
    const dir = dataDir();
    const stores = storesOf(dir);
    // A committed upload whose file was not moved yet, a removal committed, an upload never committed.
    const id = upload(stores, '2026/11/committed.txt', Buffer.from('kept'));
    expect(served(dir, '2026/11/committed.txt')).toBe(true);
    rmSync(join(dir, 'uploads', '2026/11/committed.txt'));
    mkdirSync(join(dir, PENDING_UPLOADS, '2026/11'), { recursive: true });
    writeFileSync(join(dir, PENDING_UPLOADS, '2026/11/committed.txt'), 'kept');
    writeFileSync(join(dir, PENDING_UPLOADS, '2026/11/never.txt'), 'half');
    stores.db.close();
    open.pop();
    const again = storesOf(dir);
    expect(readFileSync(join(dir, 'uploads', '2026/11/committed.txt'), 'utf8')).toBe('kept');
    expect(served(dir, '2026/11/never.txt')).toBe(false);
    expect(existsSync(join(dir, PENDING_UPLOADS))).toBe(false);
    expect(again.media.get(id)?.file).toBe('2026/11/committed.txt');
  });
});

describe('writeDurably', () => {
  it('writes the whole file owner-only, making its folders, and never over another file', () => {
    const dir = dataDir();
    const file = join(dir, 'pending', '2026', '11', 'a.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    writeDurably(file, bytes);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'pending', '2026')).mode & 0o777).toBe(0o700);
    expect(() => writeDurably(file, Buffer.from('other'))).toThrow(/EEXIST/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
