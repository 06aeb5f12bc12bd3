/**
 * What an import asks a site before its first write, through the CLI (in-process) against a real
 * embedded server on 127.0.0.1: a file of plain wall times never asks for the site's zone (a relative
 * date does); whether the site batches writes and whether the user may publish are asked by the first
 * run and remembered for the next one (site-facts.json in the cache dir), as a cron job runs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApi();
});
afterAll(async () => {
  await server?.close();
});

/** The requests a run logged (`CALCTL_DEBUG=api`): method and path, query left out. */
const asked = (stderr: string) =>
  stderr
    .split('\n')
    .map((l) => /^calctl: api (\w+) https?:\/\/[^/]+(\/[^?\s]*)/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]} ${m[2]}`);

function importFile(home: string, name: string, csv: string) {
  const path = join(home, name);
  writeFileSync(path, csv);
  return runCli(['import', 'events', path, '-o', 'json'], {
    home,
    env: { ...siteEnv(server), CALCTL_DEBUG: 'api' },
  });
}

describe("an import's reads before its first write", () => {
  it('plain wall times never ask for the zone; batching and the role are asked once, then remembered', async () => {
    const home = tempHome();
    const first = await importFile(
      home,
      'a.csv',
      'title,start_date,end_date\nFirst reads,2031-05-01 10:00,2031-05-01 11:00\n',
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ created: 1 });
    const before = asked(first.stderr);
    expect(before).not.toContain('GET /wp-json/');
    expect(before).toContain('GET /wp-json/wp/v2/users/me');
    expect(before.filter((r) => r === 'POST /wp-json/batch/v1').length).toBeGreaterThan(0);

    const again = await importFile(
      home,
      'b.csv',
      'title,start_date,end_date\nSecond reads,2031-05-02 10:00,2031-05-02 11:00\n',
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 1 });
    const after = asked(again.stderr);
    expect(after).not.toContain('GET /wp-json/wp/v2/users/me');
    expect(after).not.toContain('GET /wp-json/');
    // (the embedded server batches: the write itself travels in a batch, with no probe before it)
    expect(after.filter((r) => r === 'POST /wp-json/batch/v1')).toHaveLength(1);

    // A relative date needs the site's zone: it is asked.
    const relative = await importFile(
      home,
      'c.csv',
      'title,start_date,end_date\nRelative reads,+40d 10:00,+40d 11:00\n',
    );
    expect(relative.code, relative.stderr).toBe(0);
    expect(asked(relative.stderr)).toContain('GET /wp-json/');
  });
});
