/**
 * A site given by its plain URL is probed for its REST root once; later runs use the root found
 * (sites.json in the cache dir) without the probe. When the API is no longer there (the site moved
 * it), the run asks the site again and carries on at the new root. Through the built CLI, against a
 * real server behind a front that can move the API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

let server: TestServer;
let front: Server;
let origin: string;
/** where the front serves the REST API (and announces it) */
let root = '/wp-json/';
const seen: string[] = [];

beforeAll(async () => {
  server = await startApi();
  front = createServer(async (req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const url = req.url ?? '/';
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html', link: `<${origin}${root}>; rel="https://api.w.org/"` });
      res.end(req.method === 'HEAD' ? undefined : '<html></html>');
      return;
    }
    if (!url.startsWith(root)) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>not found</html>');
      return;
    }
    const answer = await fetch(`${server.url}/wp-json/${url.slice(root.length)}`, {
      method: req.method ?? 'GET',
      headers: { authorization: String(req.headers.authorization ?? '') },
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

const list = (home: string) =>
  runCli(['events', 'list', '-o', 'json'], {
    home,
    env: { CALCTL_URL: origin, CALCTL_USER: server.user, CALCTL_PASSWORD: server.password },
  });

describe('the API root of a site, remembered', () => {
  it('is probed on the first run only', async () => {
    const home = tempHome();
    root = '/wp-json/';
    seen.length = 0;
    const first = await list(home);
    expect(first.code, first.stderr).toBe(0);
    expect(seen.filter((r) => r === 'HEAD /')).toHaveLength(1);
    seen.length = 0;
    const second = await list(home);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(seen).toEqual(['GET /wp-json/tribe/events/v1/events']);
  });

  it('is looked for again when the API has moved, and the run carries on there', async () => {
    const home = tempHome();
    root = '/wp-json/';
    expect((await list(home)).code).toBe(0);
    root = '/api-moved/';
    seen.length = 0;
    const moved = await list(home);
    expect(moved.code, moved.stderr).toBe(0);
    expect(seen).toEqual(['GET /wp-json/tribe/events/v1/events', 'HEAD /', 'GET /api-moved/tribe/events/v1/events']);
    seen.length = 0;
    expect((await list(home)).code).toBe(0);
    expect(seen).toEqual(['GET /api-moved/tribe/events/v1/events']);
  });
});
