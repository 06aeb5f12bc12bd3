/**
 * A failure of the local calendar's own code (here a row damaged outside calctl) is answered as the
 * HTTP server answers it, a 500 `rest_internal_error` that names the request and the cause, never as
 * a network failure whose hint sends the user to check the site's URL.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');

it('a damaged row in the local calendar is an internal error of the calendar, not a network failure', async () => {
  const home = tempHome();
  const made = await runCli(
    ['events', 'create', '--title', 'Damaged', '--start-date', '2030-01-01 10:00', '--duration', '1h', '-o', 'json'],
    { home },
  );
  expect(made.code, made.stderr).toBe(0);
  const id = made.json<{ id: number }>().id;
  const db = new BetterSqlite(join(home, '.local/share/calctl/calctl.sqlite'));
  db.prepare('UPDATE posts SET end_utc = ? WHERE id = ?').run('', id);
  db.close();
  const r = await runCli(['events', 'get', String(id), '-o', 'json'], { home });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(
    /failed to answer this request: GET \/wp-json\/tribe\/events\/v1\/events\/\d+: not a wall time/,
  );
  expect(r.stderr).toMatch(/rest_internal_error/);
  expect(r.stderr).not.toMatch(/check the site URL/);
});
