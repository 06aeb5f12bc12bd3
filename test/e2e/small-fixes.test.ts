/**
 * Errors that name their real cause and hints that fit what was typed: a wrong password or a closed
 * port on `events create` / `import` (not "the site's time zone could not be read"), the flag a
 * mistyped `--name` meant (from the command's own options), and `api` hints that name no `--id`.
 * In-process runs of the program against a real embedded server on 127.0.0.1.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { type InProcessResult, runInProcess } from '../helpers/in-process.js';

let server: TestServer;
let closedPort: number;
beforeAll(async () => {
  server = await startApi();
  // A port nothing listens on: taken, then given back.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  await server?.close();
});

const CREATE = ['events', 'create', '--title', 'Cause', '--start-date', '2030-01-01 10:00', '--duration', '1h'];

function csvFile(home: string): string {
  const path = join(home, 'one.csv');
  writeFileSync(path, 'title,start_date,end_date\nCause,2030-01-01 10:00,2030-01-01 11:00\n');
  return path;
}

/** `events create` and `import` side by side (each in a home of its own): a closed port is retried. */
async function both(env: Record<string, string>): Promise<InProcessResult[]> {
  const home = mkdtempSync(join(tmpdir(), 'calctl-home-'));
  return Promise.all([runInProcess(CREATE, { env }), runInProcess(['import', 'events', csvFile(home)], { env, home })]);
}

describe('errors name their real cause', () => {
  it('a wrong password: exit 4 with the password hint, no word of time zones', async () => {
    for (const r of await both({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: 'wrong' })) {
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).not.toMatch(/time zone|--timezone/);
      expect(r.stderr).toMatch(/hint: .*(application password|user and application password)/);
    }
  });

  it('a closed port: exit 1 naming the URL, no word of time zones', async () => {
    const url = `http://127.0.0.1:${closedPort}`;
    for (const r of await both({ CALCTL_URL: url, CALCTL_USER: 'admin', CALCTL_PASSWORD: 'x' })) {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`${url}/`);
      expect(r.stderr).toMatch(/ECONNREFUSED/);
      expect(r.stderr).not.toMatch(/time zone|--timezone/);
    }
  });
});

describe('flag suggestions come from the command', () => {
  it.each([
    [['venues', 'create', '--name', 'X'], '--venue'],
    [['organizers', 'create', '--name', 'X'], '--organizer'],
    [['events', 'create', '--name', 'X'], '--title'],
    [['venues', 'update', '5', '--title', 'X'], '--venue'],
    [['events', 'list', '--serch', 'x'], '--search'],
    // (the words other tools use: gcalcli's --from/--to, --format for the output format)
    [['agenda', '--from', 'today'], '--start-date'],
    [['events', 'list', '--to', '+3d'], '--end-date'],
    [['export', 'events', '--format', 'ics'], '--output'],
    [['events', 'list', '--query', 'jazz'], '--search'],
  ])('%j suggests %s', async (args, flag) => {
    const r = await runInProcess(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`(Did you mean ${flag}?)`);
  });

  it('with -o json the suggestion is the hint of the error line', async () => {
    const r = await runInProcess(['venues', 'create', '--name', 'X', '-o', 'json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"hint":"did you mean --venue\?"/);
  });
});

describe('api hints name what was sent', () => {
  const env = () => ({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: server.password });

  it('GET /events/99999: the id of the path, no --id', async () => {
    const r = await runInProcess(['api', 'GET', '/events/99999'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).not.toMatch(/--id/);
    expect(r.stderr).toMatch(/hint: the site refused id 99999 \(from the path \/events\/99999\)/);
  });

  it('a refused -f value is named as sent', async () => {
    const r = await runInProcess(['api', 'GET', '/events', '-f', 'per_page=abc'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hint: the site refused per_page=abc/);
    expect(r.stderr).not.toMatch(/--per-page/);
  });
});
