/**
 * A data dir is its owner's alone: the database and its -wal/-shm files, the uploads and their folders
 * are created 0600/0700 (older files readable by others are narrowed when opened), and `calctl serve`
 * refuses a data dir that its group or other users can write to, saying how to fix it.
 */
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/index.js';
import { ADMIN_PASSWORD, basic, startApi } from '../helpers/api-server.js';
import { runCli } from '../helpers/cli.js';

const made: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'calctl-modes-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder below `dir`, with its mode. */
function walk(dir: string): { path: string; dir: boolean; mode: number }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((rel) => {
    const st = statSync(join(dir, rel));
    return { path: rel, dir: st.isDirectory(), mode: st.mode & 0o777 };
  });
}

describe('data dir modes', () => {
  it('a new data dir: database, -wal, -shm, password file and uploads are 0600, folders 0700', async () => {
    const dataDir = join(tempDir(), 'new', 'data');
    const api = await startApi({ dataDir });
    try {
      const ev = await api.post('/events', {
        title: 'mode',
        start_date: '2030-01-01 10:00',
        end_date: '2030-01-01 11:00',
      });
      expect(ev.status).toBe(201);
      const jpeg = await sharp({ create: { width: 200, height: 160, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .jpeg()
        .toBuffer();
      const up = await fetch(`${api.origin}/wp-json/wp/v2/media`, {
        method: 'POST',
        headers: {
          authorization: basic('admin', ADMIN_PASSWORD),
          'content-type': 'image/jpeg',
          'content-disposition': 'attachment; filename="photo.jpg"',
        },
        body: jpeg,
      });
      expect(up.status, await up.text()).toBe(201);
      const entries = walk(dataDir);
      const names = entries.map((e) => e.path);
      for (const name of ['calctl.sqlite', 'calctl.sqlite-wal', 'calctl.sqlite-shm', 'admin-password']) {
        expect(names).toContain(name);
      }
      expect(entries.some((e) => !e.dir && e.path.startsWith('uploads/') && e.path.endsWith('photo.jpg'))).toBe(true);
      for (const e of entries) expect([e.path, e.mode.toString(8)]).toEqual([e.path, e.dir ? '700' : '600']);
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await api.stop();
    }
  });

  it('files an older version left readable by others are narrowed to 0600 when the data dir is opened', async () => {
    const dataDir = tempDir();
    const first = await startApi({ dataDir });
    await first.stop();
    const db = join(dataDir, 'calctl.sqlite');
    chmodSync(db, 0o644);
    closeSync(openSync(`${db}-wal`, 'a', 0o644));
    chmodSync(`${db}-wal`, 0o644);
    const again = await startApi({ dataDir });
    try {
      expect((await again.get('/events', { auth: true })).status).toBe(200);
      expect(modeOf(db)).toBe(0o600);
      expect(modeOf(`${db}-wal`)).toBe(0o600);
    } finally {
      await again.stop();
    }
  });

  it.each([
    ['the folder, by its group', '', 0o770],
    ['the folder, by everyone', '', 0o757],
    ['the database, by everyone', 'calctl.sqlite', 0o666],
    ['the uploads folder, by its group', 'uploads', 0o770],
  ])('calctl serve refuses a data dir writable by others: %s', async (_name, inside, mode) => {
    const dataDir = tempDir();
    await (await startApi({ dataDir })).stop();
    mkdirSync(join(dataDir, 'uploads'), { recursive: true, mode: 0o700 });
    const target = join(dataDir, inside);
    chmodSync(target, mode);
    const refused = await startServer({
      dataDir,
      host: '127.0.0.1',
      port: 0,
      adminPassword: ADMIN_PASSWORD,
    }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (err: unknown) => err as { code?: string; message: string; hint?: string },
    );
    expect(refused?.code).toBe('unsafe-data-dir');
    expect(refused?.message).toContain(target);
    expect(refused?.message).toContain(`mode ${mode.toString(8)}`);
    expect(refused?.hint).toContain(`chmod -R go-rwx ${dataDir}`);
    chmodSync(target, inside === 'calctl.sqlite' ? 0o600 : 0o700);
  });

  it('through the command line: exit 2, and the message says which chmod fixes it', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o777);
    const r = await runCli(['serve', '--data-dir', dataDir, '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not private');
    expect(r.stderr).toContain(`chmod -R go-rwx ${dataDir}`);
    chmodSync(dataDir, 0o700);
  });
});
