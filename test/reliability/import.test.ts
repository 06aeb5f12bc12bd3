/**
 * Bulk import exactly once: `calctl import` killed with SIGKILL (twice) or interrupted with SIGINT
 * mid-way, then `--resume`, leaves every row exactly once; and 2,000 rows through the fault proxy
 * (lost answers to POSTs included) are imported exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { type FaultProxy, startFaultProxy } from '../helpers/proxy.js';
import { CALCTL, isolatedEnv, ROOT, serveAvailable, stopAllServes } from '../helpers/spawn-serve.js';

const NS = '/wp-json/tribe/events/v1';
let api: TestServer;
let work: string;
const children = new Set<ChildProcess>();
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  api = await startApi();
  work = mkdtempSync(join(tmpdir(), 'calctl-import-rel-'));
});
afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  await stopAllServes();
  for (const p of proxies.splice(0)) await p.close();
});
afterAll(async () => {
  await api?.stop();
  rmSync(work, { recursive: true, force: true });
});

function writeCsv(tag: string, rows: number): string {
  const file = join(work, `${tag}.csv`);
  const lines = ['title,start_date,end_date,categories'];
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(`${tag} row ${String(i).padStart(5, '0')},2031-03-${day} 10:00,2031-03-${day} 12:00,${tag}-cat`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** How many stored events carry each title of the run (trash excluded). */
function titleCounts(tag: string): Map<string, number> {
  const rows = api.server.stores.db
    .prepare(
      "SELECT title, count(*) AS n FROM posts WHERE type = 'tribe_events' AND status <> 'trash' AND title LIKE ? GROUP BY title",
    )
    .all(`${tag} row %`) as { title: string; n: number }[];
  return new Map(rows.map((r) => [r.title, r.n]));
}

function exactlyOnce(tag: string, rows: number): { missing: number; duplicated: number } {
  const counts = titleCounts(tag);
  let missing = 0;
  let duplicated = 0;
  for (let i = 0; i < rows; i++) {
    const n = counts.get(`${tag} row ${String(i).padStart(5, '0')}`) ?? 0;
    if (n === 0) missing += 1;
    if (n > 1) duplicated += n - 1;
  }
  return { missing, duplicated };
}

const env = (url: string) => isolatedEnv({ CALCTL_URL: url, CALCTL_USER: 'admin', CALCTL_PASSWORD: ADMIN_PASSWORD });

/** Starts an import and sends `signal` once `atRows` of its rows are stored; resolves with its exit. */
async function interruptImport(
  file: string,
  tag: string,
  atRows: number,
  signal: NodeJS.Signals,
  extra: string[] = [],
) {
  const child = spawn(process.execPath, [CALCTL, 'import', 'events', file, '--concurrency', '4', ...extra], {
    cwd: ROOT,
    env: env(api.base),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('close', (code, sig) => r({ code, signal: sig })),
  );
  let stored = 0;
  let finished = false;
  void exited.then(() => {
    finished = true;
  });
  for (let i = 0; i < 600 && !finished; i++) {
    stored = [...titleCounts(tag).values()].reduce((a, b) => a + b, 0);
    if (stored >= atRows) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const finishedBeforeSignal = finished;
  if (!finished) child.kill(signal);
  const result = await exited;
  children.delete(child);
  return { ...result, storedAtSignal: stored, finishedBeforeSignal, stderr };
}

describe.skipIf(!serveAvailable())('import: interrupted, then --resume', () => {
  it('SIGKILL twice mid-import, then --resume: every row exactly once', { timeout: 60_000 }, async () => {
    const tag = 'killimp';
    const ROWS = 800;
    const file = writeCsv(tag, ROWS);
    const first = await interruptImport(file, tag, 150, 'SIGKILL');
    expect(
      first.finishedBeforeSignal,
      `the import finished before it could be killed: ${first.code} ${first.stderr}`,
    ).toBe(false);
    expect(first.signal).toBe('SIGKILL');
    const second = await interruptImport(file, tag, first.storedAtSignal + 200, 'SIGKILL', ['--resume']);
    expect(second.finishedBeforeSignal, `second run ended on its own: ${second.stderr}`).toBe(false);
    const last = await runCli(['import', 'events', file, '--resume', '--concurrency', '4'], {
      env: env(api.base),
      timeoutMs: 60_000,
    });
    expect(last.code, last.stderr).toBe(0);
    const once = exactlyOnce(tag, ROWS);
    console.info(
      `import SIGKILL: killed at ${first.storedAtSignal} and ${second.storedAtSignal} of ${ROWS} rows; after --resume missing ${once.missing}, duplicated ${once.duplicated}`,
    );
    expect(once).toEqual({ missing: 0, duplicated: 0 });
  });

  it('Ctrl-C mid-import exits 130 and leaves a checkpoint; --resume completes exactly once', {
    timeout: 60_000,
  }, async () => {
    const tag = 'intimp';
    const ROWS = 600;
    const file = writeCsv(tag, ROWS);
    const run = await interruptImport(file, tag, 150, 'SIGINT');
    expect(run.finishedBeforeSignal, 'the import finished before it could be interrupted').toBe(false);
    expect(run.code, run.stderr).toBe(130);
    expect(existsSync(`${file}.calctl-checkpoint.json`)).toBe(true);
    // the message points at the saved progress (a "--resume" hint would be friendlier: reported)
    expect(run.stderr, run.stderr).toMatch(/checkpoint|--resume/i);
    const last = await runCli(['import', 'events', file, '--resume'], { env: env(api.base), timeoutMs: 60_000 });
    expect(last.code, last.stderr).toBe(0);
    expect(exactlyOnce(tag, ROWS)).toEqual({ missing: 0, duplicated: 0 });
  });
});

describe.skipIf(!serveAvailable())('import through a hostile network', () => {
  /**
   * Imports 2,000 rows through the proxy. A run the network defeats stops with a clear error (its
   * checkpoint marks rows whose create may have reached the site) and is re-run with --resume, up to
   * 4 runs through the faults, then once more on a calm network. No row may ever be duplicated.
   */
  async function importThroughProxy(
    tag: string,
    rates: Parameters<typeof startFaultProxy>[0]['rates'],
    extra: readonly string[] = [],
  ) {
    const ROWS = 2000;
    const file = writeCsv(tag, ROWS);
    // The rows' category exists already: the import only looks it up (a GET, retried). Creating a
    // linked term through a lost answer is the known bug below.
    expect((await api.post('/categories', { name: `${tag}-cat` })).status).toBe(201);
    const proxy = await startFaultProxy({ target: api.origin, seed: 2026, rates, retryAfter: 1, delayMs: [20, 150] });
    proxies.push(proxy);
    const codes: (number | null)[] = [];
    let last = { code: null as number | null, stdout: '', stderr: '' };
    const stops: string[] = [];
    // (spawned: 2,000 rows between the proxy and the server of this process; the import also sizes the
    // V8 heap of the process it runs in, commands/heap.ts, and the client on its own core is twice as fast)
    for (let run = 0; run < 4 && last.code !== 0; run++) {
      last = await spawnCli(
        ['import', 'events', file, '--concurrency', '8', ...extra, ...(run > 0 ? ['--resume'] : [])],
        {
          env: env(`${proxy.origin}${NS}`),
          timeoutMs: 60_000,
          killOnTimeout: true,
        },
      );
      codes.push(last.code);
      if (last.code !== 0) stops.push(`exit ${last.code}: ${last.stderr.trim().slice(-400)}`);
    }
    // Whatever the faults left undone, a last --resume on a calm network finishes it.
    if (last.code !== 0) {
      proxy.setRates({});
      const rejects = join(work, `${tag}.rejects.csv`);
      last = await spawnCli(
        ['import', 'events', file, '--concurrency', '8', ...extra, '--resume', '--rejects', rejects],
        {
          env: env(`${proxy.origin}${NS}`),
          timeoutMs: 60_000,
          killOnTimeout: true,
        },
      );
      codes.push(last.code);
      if (existsSync(rejects)) last.stderr += `\nrejected rows:\n${readFileSync(rejects, 'utf8').slice(0, 1000)}`;
    }
    expect(
      stops.every((m) => /failed|HTTP|UND_ERR|timed out/i.test(m)),
      stops.join('\n'),
    ).toBe(true);
    const posts = proxy.forwarded.filter((f) => f.method === 'POST');
    const once = exactlyOnce(tag, ROWS);
    console.info(
      `proxy import ${tag}: ${proxy.received} requests, ${proxy.totalFaults()} faults ${JSON.stringify(proxy.injected)}, ${posts.length} POSTs reached the server, runs ${JSON.stringify(codes)}; missing ${once.missing}, duplicated ${once.duplicated}`,
    );
    return { last, codes, once, proxy, faultyRuns: stops.length };
  }

  it('2,000 rows, one request per row, through dropped connections, lost answers, resets and delays: every row exactly once', {
    timeout: 120_000,
  }, async () => {
    const { last, once, proxy } = await importThroughProxy(
      'netimp',
      { drop: 0.01, lostResponse: 0.02, resetMidResponse: 0.01, delay: 0.05 },
      ['--batch-size', '1'],
    );
    expect(last.code, last.stderr.slice(-2000)).toBe(0);
    expect(once).toEqual({ missing: 0, duplicated: 0 });
    expect(proxy.injected.lostResponse).toBeGreaterThan(10);
  });

  // Batched: a lost answer leaves 25 creates unknown at once; each is looked up before any re-send.
  it('2,000 rows in batches through dropped connections, lost answers, resets and delays: every row exactly once', {
    timeout: 120_000,
  }, async () => {
    const { last, once, proxy } = await importThroughProxy('netimpb', {
      drop: 0.04,
      lostResponse: 0.1,
      resetMidResponse: 0.04,
      delay: 0.1,
    });
    expect(last.code, last.stderr.slice(-2000)).toBe(0);
    expect(once).toEqual({ missing: 0, duplicated: 0 });
    const batches = proxy.forwarded.filter((f) => f.url.includes('/batch/v1') && f.status === 207).length;
    expect(batches).toBeGreaterThan(20);
    expect(proxy.injected.lostResponse).toBeGreaterThan(5);
  });

  // Creates answered 429/502/503/504 by a gateway are ridden out: looked up, then sent again.
  it('2,000 rows through all faults, 429 and 502/503/504 included: every row exactly once', {
    timeout: 120_000,
  }, async () => {
    // (batched: about 100 requests carry the 2,000 creates, so the rates are higher than per row)
    const { last, once, proxy } = await importThroughProxy('netimp5', {
      drop: 0.02,
      lostResponse: 0.03,
      resetMidResponse: 0.02,
      delay: 0.05,
      r429: 0.01,
      r502: 0.02,
      r503: 0.01,
      r504: 0.02,
    });
    expect(proxy.injected.r502 + proxy.injected.r503 + proxy.injected.r504 + proxy.injected.r429).toBeGreaterThan(0);
    expect(last.code, last.stderr.slice(-1000)).toBe(0);
    expect(once).toEqual({ missing: 0, duplicated: 0 });
  });

  // A create answered 502 by a gateway, or a linked term whose create lost its answer, is ridden out
  // in the same run (looked up before any re-send): exit 0, exactly once.
  for (const mode of ['batched', 'one request per row'] as const) {
    it(`a 502 answer to a create (${mode}) is ridden out: exit 0, every row exactly once`, {
      timeout: 30_000,
    }, async () => {
      const tag = mode === 'batched' ? 'net502b' : 'net502s';
      const ROWS = 20;
      const file = writeCsv(tag, ROWS);
      expect((await api.post('/categories', { name: `${tag}-cat` })).status).toBe(201);
      let creates = 0;
      const proxy = await startFaultProxy({
        target: api.origin,
        seed: 1,
        rates: { r502: 1 },
        // batched: the first batch of creates; one per row: the fourth create
        eligible: (method, url) =>
          method === 'POST' &&
          (mode === 'batched'
            ? url.includes('/batch/v1') && creates++ === 0
            : /\/events(\?|$)/.test(url) && creates++ === 3),
      });
      proxies.push(proxy);
      const args = ['import', 'events', file, ...(mode === 'batched' ? [] : ['--batch-size', '1'])];
      const first = await runCli(args, { env: env(`${proxy.origin}${NS}`), timeoutMs: 60_000 });
      expect(proxy.injected.r502).toBe(1);
      expect(first.code, first.stderr).toBe(0);
      expect(exactlyOnce(tag, ROWS)).toEqual({ missing: 0, duplicated: 0 });
    });
  }

  it('a lost answer to the create of a new linked category is ridden out: one category, every row once', {
    timeout: 30_000,
  }, async () => {
    const tag = 'netlink';
    const ROWS = 20;
    const file = writeCsv(tag, ROWS);
    let termPosts = 0;
    const proxy = await startFaultProxy({
      target: api.origin,
      seed: 1,
      rates: { lostResponse: 1 },
      eligible: (method, url) => method === 'POST' && url.includes('/categories') && termPosts++ === 0,
    });
    proxies.push(proxy);
    const first = await runCli(['import', 'events', file], { env: env(`${proxy.origin}${NS}`), timeoutMs: 60_000 });
    expect(proxy.injected.lostResponse).toBe(1);
    expect(first.code, first.stderr).toBe(0);
    expect(exactlyOnce(tag, ROWS)).toEqual({ missing: 0, duplicated: 0 });
    const cats = api.server.stores.db
      .prepare("SELECT count(*) FROM terms WHERE taxonomy = 'tribe_events_cat' AND name = ?")
      .pluck()
      .get(`${tag}-cat`);
    expect(cats).toBe(1);
  });
});
