import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, day, startApi, uniq } from '../helpers/api-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.stop());

interface ChildResult {
  ids: number[];
  errors: string[];
  stderr: string;
}

function runChild(dir: string, n: number, tag: string): { ready: Promise<void>; done: Promise<ChildResult> } {
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  const done = new Promise<ChildResult>((res, rej) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/writer-child.ts', dir, String(n), tag], {
      cwd: ROOT,
      env: { ...process.env, CALCTL_TEST_PASSWORD: ADMIN_PASSWORD },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
      if (err.includes('ready')) onReady();
    });
    child.on('error', rej);
    child.on('close', (code) => {
      if (code !== 0) return rej(new Error(`child exited ${code}: ${err}`));
      const line = out.trim().split('\n').at(-1) ?? '{}';
      res({ ...(JSON.parse(line) as { ids: number[]; errors: string[] }), stderr: err });
    });
  });
  return { ready, done };
}

describe('two processes on one data dir', () => {
  it('both write concurrently without SQLITE_BUSY and every record is present', { timeout: 60_000 }, async () => {
    const tag = uniq('tp');
    const N = 60;
    const child = runChild(api.dataDir, N, tag);
    await Promise.race([child.ready, child.done]);
    const mine: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < N; i++) {
      const r = await api.post('/events', {
        title: `${tag} parent ${i}`,
        start_date: day(5, '12:00'),
        end_date: day(5, '13:00'),
        venue: { venue: `${tag} shared venue` },
        categories: [`${tag}-parent-cat`],
      });
      if (r.status === 201) mine.push(r.body.id);
      else errors.push(`${r.status} ${r.body.code}`);
    }
    const theirs = await child.done;
    expect(errors).toEqual([]);
    expect(theirs.errors).toEqual([]);
    expect(theirs.stderr).not.toMatch(/SQLITE_BUSY/);
    expect(mine).toHaveLength(N);
    expect(theirs.ids).toHaveLength(N);
    const all = new Set([...mine, ...theirs.ids]);
    expect(all.size).toBe(2 * N);
    // Every record is readable through this process (its reply cache must see the other's writes).
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await api.get('/events', { query: { search: tag, per_page: 50, page }, auth: true });
      expect(r.status).toBe(200);
      seen.push(...r.body.events.map((e: { id: number }) => e.id));
    }
    expect(new Set(seen)).toEqual(all);
    // Both processes wrote the same venue name: duplicate detection may race, but no write was lost.
    const venues = await api.get('/venues', { query: { search: `${tag} shared venue` } });
    expect(venues.body.venues.length).toBeGreaterThanOrEqual(1);
  });
});
