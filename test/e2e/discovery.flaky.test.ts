/**
 * Every GET calctl makes goes through the one retry policy, discovery and the profile checks too: a
 * probe that meets a 503 and then loses its answer is asked again. And a URL whose path is not the
 * site's root is an error naming the root found. Through the built CLI, against a real server behind
 * a front that misbehaves on cue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

let server: TestServer;
let front: Server;
let origin: string;
/** requests seen per "METHOD path" */
const seen = new Map<string, number>();
/** what the n-th request (1-based) of a "METHOD path" gets: a fault, or undefined to be served */
let faults: Record<string, Array<'503' | 'lost' | undefined>> = {};

beforeAll(async () => {
  server = await startApi();
  front = createServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const fault = faults[key]?.[n - 1];
    if (fault === '503') {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '0' });
      res.end('busy');
      return;
    }
    if (fault === 'lost') {
      // The request reached the site; its answer never comes back.
      req.socket.destroy();
      return;
    }
    if (req.url === '/' || req.url === '/blog/' || req.url === '/wrong/path') {
      // A WordPress page: every page announces the REST root in a Link header.
      res.writeHead(200, { 'content-type': 'text/html', link: `<${origin}/wp-json/>; rel="https://api.w.org/"` });
      res.end(req.method === 'HEAD' ? undefined : '<html></html>');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await fetch(`${server.url}${req.url}`, {
      method: req.method ?? 'GET',
      headers: { authorization: String(req.headers.authorization ?? ''), 'content-type': 'application/json' },
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => front.close(() => r()));
  await server?.close();
});

describe('a flaky network', () => {
  it('profile add rides out a 503 and then a lost answer, on discovery and on each check', async () => {
    seen.clear();
    faults = {
      'HEAD /': ['lost', '503'],
      'GET /wp-json/tribe/events/v1': ['503', 'lost', undefined, '503', 'lost'],
    };
    const home = tempHome();
    const add = await runCli(['profile', 'add', 'flaky', '--url', origin, '--user', 'admin', '--password-stdin'], {
      home,
      input: `${server.password}\n`,
    });
    expect(add.code, add.stderr).toBe(0);
    expect(add.json<{ checks: Array<{ ok: boolean }> }>().checks.map((c) => c.ok)).toEqual([true, true, true]);
    expect(seen.get('HEAD /')).toBe(3);
    expect(seen.get('GET /wp-json/tribe/events/v1')).toBe(6);
  });
});

describe('the site URL', () => {
  it('a path that is not the site root is an error naming the root found', async () => {
    faults = {};
    const r = await runCli(['--url', `${origin}/wrong/path`, 'events', 'list'], { home: tempHome() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${origin}/wp-json/`);
    expect(r.stderr).toContain('not the root');
  });

  it('the site root and the /wp-json URL work', async () => {
    faults = {};
    for (const url of [origin, `${origin}/`, `${origin}/wp-json`]) {
      const r = await runCli(['--url', url, 'events', 'list', '-o', 'json'], { home: tempHome() });
      expect({ url, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    }
  });
});
