/**
 * A site whose time zone cannot be read must never shift dates: after the client's retries, a write
 * that carries naive dates fails (exit 1, hint --timezone) instead of reading them in UTC; a site that
 * is down gets one clear connection error, not a time-zone warning first. Through the built CLI.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let front: Server;
let frontUrl: string;
let indexAsks = 0;
const home = tempHome();

beforeAll(async () => {
  server = await startApi();
  // Forwards everything but the REST index, which always fails as an overloaded site does.
  front = createServer(async (req, res) => {
    if (req.url === '/wp-json/' || req.url === '/wp-json') {
      indexAsks++;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ code: 'overloaded', message: 'Try later.', data: { status: 503 } }));
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
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
});
afterAll(async () => {
  await new Promise<void>((r) => front.close(() => r()));
  await server?.close();
});

describe('the site time zone', () => {
  it('cannot be read: a create with naive dates fails (exit 1, hint --timezone) after retries, and nothing is written', async () => {
    const env = { ...siteEnv(server), CALCTL_URL: frontUrl };
    indexAsks = 0;
    const r = await runCli(
      ['events', 'create', '--title', 'Zoneless', '--start-date', '2027-10-01 10:00', '--duration', '1h'],
      {
        env,
        home,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('time zone could not be read');
    expect(r.stderr).toContain('--timezone');
    expect(r.stderr).not.toContain('read in UTC');
    expect(indexAsks).toBeGreaterThan(1);
    const list = await runCli(['events', 'list', '--search', 'Zoneless', '-o', 'count'], {
      env: siteEnv(server),
      home,
    });
    expect(list.stdout.trim()).toBe('0');
  });

  it('with --timezone the same create goes through without asking the index', async () => {
    const env = { ...siteEnv(server), CALCTL_URL: frontUrl };
    const r = await runCli(
      [
        'events',
        'create',
        '--title',
        'Zoned',
        '--start-date',
        '2027-10-01 10:00',
        '--duration',
        '1h',
        '--timezone',
        'Europe/Paris',
        '-o',
        'json',
      ],
      { env, home },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ start_date: '2027-10-01 10:00:00', timezone: 'Europe/Paris' });
  });

  it('a site that is down: import reports one connection error, with no time-zone warning before it', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'calctl-down-')), 'rows.csv');
    writeFileSync(file, 'title,start_date,end_date\nDown,2027-10-02 10:00,2027-10-02 11:00\n');
    const env = { ...siteEnv(server), CALCTL_URL: 'http://127.0.0.1:9/wp-json/tribe/events/v1' };
    const r = await runCli(['import', 'events', file], { env, home });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/warning/i);
    expect(r.stderr.match(/^calctl: /gm)).toHaveLength(1);
    expect(r.stderr).toMatch(/connect|refused|reach/i);
  });
});
