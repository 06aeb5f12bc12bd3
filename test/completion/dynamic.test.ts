/**
 * `calctl __complete` against a real embedded server reached through a stored profile: ids with
 * titles, term slugs, profiles; and silent, bounded failure (no stderr, exit 0, empty output) for a
 * missing profile, a closed port and a server that never answers.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

let server: TestServer;
let home: string;
let silent: Server;
const sockets = new Set<Socket>();

async function addProfile(name: string, url: string, password = server.password): Promise<void> {
  const r = await runCli(['profile', 'add', name, '--url', url, '--user', 'admin', '--password-stdin', '--no-test'], {
    home,
    input: password,
  });
  expect(r.code, r.stderr).toBe(0);
}

describe('calctl __complete', () => {
  beforeAll(async () => {
    server = await startApi();
    home = tempHome();
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await apiRequest(server, 'POST', '/events', {
      title: 'Rock &amp; Roll Night',
      start_date: `${soon} 19:00:00`,
      end_date: `${soon} 21:00:00`,
    });
    await apiRequest(server, 'POST', '/venues', { venue: 'Town Hall' });
    await apiRequest(server, 'POST', '/tags', { name: 'Open Air' });
    await addProfile('site', server.baseUrl);
    // accepts connections and never answers
    silent = createServer((s) => {
      sockets.add(s);
    });
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const port = (silent.address() as { port: number }).port;
    await addProfile('stuck', `http://127.0.0.1:${port}/wp-json/tribe/events/v1`);
    await addProfile('closed', 'http://127.0.0.1:9/wp-json/tribe/events/v1');
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    silent?.close();
    await server?.close();
  });

  it('prints ids with plain titles from the profile', async () => {
    const r = await runCli(['--profile', 'site', '__complete', 'ids', 'events'], { home });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\d+\tRock & Roll Night\n$/);
  });

  it('prints venue ids and tag slugs with names', async () => {
    const venues = await runCli(['--profile', 'site', '__complete', 'ids', 'venues'], { home });
    expect(venues.stdout).toMatch(/^\d+\tTown Hall$/m);
    const tags = await runCli(['--profile', 'site', '__complete', 'slugs', 'tags'], { home });
    expect(tags.stdout).toBe('open-air\tOpen Air\n');
  });

  it('prints the stored profiles and local', async () => {
    const r = await runCli(['__complete', 'profiles'], { home });
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['closed', 'site', 'stuck', 'local', '']);
  });

  it('prints time zones', async () => {
    const r = await runCli(['__complete', 'timezones'], { home });
    expect(r.stdout.split('\n')).toContain('Europe/Berlin');
  });

  it.each([
    ['a profile that does not exist', ['--profile', 'nosuch', '__complete', 'ids', 'events']],
    ['a closed port', ['--profile', 'closed', '__complete', 'ids', 'events']],
    ['an unknown kind', ['__complete', 'nonsense']],
    ['an unknown resource', ['--profile', 'site', '__complete', 'ids', 'things']],
  ])('is silent for %s', async (_what, args) => {
    const r = await runCli(args, { home });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('gives up after its deadline on a server that never answers', async () => {
    const started = Date.now();
    const r = await runCli(['--profile', 'stuck', '__complete', 'ids', 'events'], {
      home,
      env: { CALCTL_COMPLETE_TIMEOUT: '0.5' },
    });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
