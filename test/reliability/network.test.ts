/**
 * calctl through a hostile network: a seeded fault proxy between the spawned CLI and a real server
 * drops connections, loses answers, resets mid-response, delays, and answers 429/502/503/504.
 * `list --all` must return every record exactly once; `delete` after a lost answer is reported
 * sensibly; a server that never answers fails within --timeout with exit 1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli } from '../helpers/cli.js';
import { type FaultServer, hang, startFaultServer } from '../helpers/fault-server.js';
import { type FaultProxy, startFaultProxy } from '../helpers/proxy.js';
import { isolatedEnv, serveAvailable, stopAllServes } from '../helpers/spawn-serve.js';

const NS = '/wp-json/tribe/events/v1';
let api: TestServer;
const proxies: FaultProxy[] = [];
const faultServers: FaultServer[] = [];

beforeAll(async () => {
  api = await startApi();
});
afterEach(async () => {
  await stopAllServes();
  for (const p of proxies.splice(0)) await p.close();
  for (const f of faultServers.splice(0)) await f.close();
});
afterAll(async () => api?.stop());

const cliEnv = (url: string) => isolatedEnv({ CALCTL_URL: url, CALCTL_USER: 'admin', CALCTL_PASSWORD: ADMIN_PASSWORD });

describe.skipIf(!serveAvailable())('hostile network between calctl and the server', () => {
  it('list --all returns every record exactly once through drops, resets, delays, 429 and 5xx', {
    timeout: 60_000,
  }, async () => {
    const tag = 'netlist';
    const expected = new Set<number>();
    for (let i = 0; i < 230; i++) {
      const r = await api.post('/venues', { venue: `${tag} venue ${String(i).padStart(3, '0')}`, status: 'publish' });
      expect(r.status).toBe(201);
      expected.add(r.body.id as number);
    }
    const proxy = await startFaultProxy({
      target: api.origin,
      seed: 7,
      // one request in five is faulted; calctl retries a GET three times
      rates: {
        drop: 0.02,
        lostResponse: 0.02,
        resetMidResponse: 0.02,
        delay: 0.06,
        r429: 0.02,
        r502: 0.02,
        r503: 0.02,
        r504: 0.02,
      },
      retryAfter: 1,
      delayMs: [20, 200],
    });
    proxies.push(proxy);
    const r = await runCli(
      ['venues', 'list', '--all', '--per-page', '10', '--search', tag, '-o', 'json', '--verbose'],
      {
        env: cliEnv(`${proxy.origin}${NS}`),
        timeoutMs: 55_000,
      },
    );
    expect(
      r.code,
      `${JSON.stringify(proxy.injected)} upstream errors ${proxy.upstreamErrors.slice(0, 3)}\n${r.stderr}`,
    ).toBe(0);
    const ids = (JSON.parse(r.stdout) as { id: number }[]).map((v) => v.id);
    console.info(
      `proxy list --all: ${proxy.received} requests, ${proxy.totalFaults()} faults ${JSON.stringify(proxy.injected)}, ${ids.length} records, ${ids.length - new Set(ids).size} duplicates`,
    );
    expect(proxy.totalFaults()).toBeGreaterThan(5);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(new Set(ids)).toEqual(expected);
  });

  it('delete whose answer was lost: the retry finds the record trashed and reports it (exit 5, clear message)', async () => {
    const created = await api.post('/events', {
      title: 'net delete',
      start_date: '2030-02-01 10:00',
      end_date: '2030-02-01 11:00',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    let deletes = 0;
    const proxy = await startFaultProxy({
      target: api.origin,
      seed: 1,
      rates: { lostResponse: 1 },
      // only the first DELETE loses its answer (after the server trashed the event)
      eligible: (method) => method === 'DELETE' && deletes++ === 0,
    });
    proxies.push(proxy);
    const r = await runCli(['events', 'delete', String(id), '--yes'], { env: cliEnv(`${proxy.origin}${NS}`) });
    const deleteCalls = proxy.forwarded.filter((f) => f.method === 'DELETE');
    expect(proxy.injected.lostResponse).toBe(1);
    expect(deleteCalls.length).toBe(2);
    expect(deleteCalls[1]?.status).toBe(410);
    console.info(`delete after a lost answer: exit ${r.code}, stderr: ${r.stderr.trim()}`);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/trash/i);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
    // The event is in the trash once, not gone.
    const after = await api.get(`/events/${id}`, { auth: true });
    expect(after.body.status ?? after.body.data?.status).toBeDefined();
    const row = api.server.stores.db.prepare('SELECT status FROM posts WHERE id = ?').get(id) as { status: string };
    expect(row.status).toBe('trash');
  });

  // By the namespace URL, and by the site's address (API discovery first, bounded by --timeout too,
  // not by discovery's own 10 s default): one second for the probe, one for the request.
  // (a plain list sends nothing else: the site's time zone is looked up only when a date is given)
  it.each([
    ['the namespace URL', NS, 1],
    ["the site's address", '', 2],
  ])(
    'a server that accepts and never answers (%s): calctl fails within --timeout, exit 1, clear message',
    {
      timeout: 30_000,
    },
    async (_how, path, requests) => {
      const silent = await startFaultServer(hang());
      faultServers.push(silent);
      const started = Date.now();
      const r = await runCli(['events', 'list', '--timeout', '1', '-o', 'json'], {
        env: cliEnv(`${silent.origin}${path}`),
        timeoutMs: 25_000,
      });
      const elapsed = Date.now() - started;
      console.info(`timeout: calctl gave up after ${elapsed} ms with --timeout 1 (${silent.requests.length} attempts)`);
      expect(r.signal).toBeNull(); // it stopped on its own, not by the guard
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/tim(e|ed) ?out/i);
      expect(r.stdout).toBe('');
      expect(elapsed).toBeLessThan(8_000);
      expect(silent.requests.length).toBe(requests);
    },
  );

  it('Ctrl-C while waiting on a silent server stops cleanly with exit 130', { timeout: 30_000 }, async () => {
    const silent = await startFaultServer(hang());
    faultServers.push(silent);
    const { spawn } = await import('node:child_process');
    const { CALCTL, ROOT } = await import('../helpers/spawn-serve.js');
    const child = spawn(process.execPath, [CALCTL, 'events', 'list', '--all', '--timeout', '60'], {
      cwd: ROOT,
      env: cliEnv(`${silent.origin}${NS}`),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    // Wait until the request is on the wire, then interrupt.
    for (let i = 0; i < 100 && silent.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(silent.requests.length).toBeGreaterThan(0);
    child.kill('SIGINT');
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(guard);
    expect(code, stderr).toBe(130);
  });
});
