/**
 * A one-page list on a terminal says what it left out (the site's total and page count): a person who
 * sees the first 3 of 5 events knows there are more and how to get them; a piped stderr stays quiet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
const home = tempHome();
const list = (args: string[], stderrTTY: boolean) =>
  runCli(['events', 'list', '--start-date', '2027-05-01', '--end-date', '2027-05-31', '-o', 'ids', ...args], {
    env,
    home,
    stderrTTY,
  });

beforeAll(async () => {
  server = await startApi({ perPage: 3 });
  env = siteEnv(server);
  const rows = [1, 2, 3, 4, 5].map((d) => `{"title":"Page test ${d}","start_date":"2027-05-0${d} 10:00:00"}`);
  const added = await runCli(['import', 'events', '-', '--format', 'ndjson'], { env, home, input: rows.join('\n') });
  expect(added.code, added.stderr).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

describe('a one-page list on a terminal', () => {
  it('names the total and the next page when the site holds more', async () => {
    const first = await list([], true);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(3);
    expect(first.stderr).toContain('3 of 5 shown; --all lists every one, --page 2 the next page');
  });

  it('says nothing on the last page, with --all, or when stderr is not a terminal', async () => {
    const last = await list(['--page', '2'], true);
    expect(last.stdout.trim().split('\n')).toHaveLength(2);
    expect(last.stderr).toBe('');
    const all = await list(['--all'], true);
    expect(all.stdout.trim().split('\n')).toHaveLength(5);
    expect(all.stderr).toBe('');
    const piped = await list([], false);
    expect(piped.stdout.trim().split('\n')).toHaveLength(3);
    expect(piped.stderr).toBe('');
  });
});
