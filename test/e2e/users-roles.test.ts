/**
 * Users and roles end to end, with the real CLI against a spawned `calctl serve`: the administrator
 * makes a contributor through WordPress core's users route and gives it an application password; the
 * contributor's event waits for review (pending), it may not delete the administrator's event (exit 4,
 * 403), and `profile test` says what its role cannot do. `calctl serve users add` makes such a user
 * from the command line, its password in a file only its owner reads.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import {
  isolatedEnv,
  SERVE_PASSWORD,
  type ServeProcess,
  serveAvailable,
  spawnServe,
  stopAllServes,
} from '../helpers/spawn-serve.js';

const dir = mkdtempSync(join(tmpdir(), 'calctl-users-'));
let server: ServeProcess;

describe.skipIf(!serveAvailable())('users with roles on calctl serve', () => {
  beforeAll(async () => {
    server = await spawnServe({
      dataDir: join(dir, 'data'),
      env: isolatedEnv({ CALCTL_ADMIN_PASSWORD: SERVE_PASSWORD }),
    });
  }, 60_000);
  afterAll(async () => {
    await stopAllServes();
  });

  const admin = () =>
    isolatedEnv({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD });

  it('a contributor made through wp/v2/users creates an event that waits for review and may not delete the administrator’s', async () => {
    const made = await runCli(
      [
        'api',
        'POST',
        '/wp-json/wp/v2/users',
        '--data',
        JSON.stringify({
          username: 'writer',
          email: 'writer@example.com',
          password: 'not-used-here',
          roles: ['contributor'],
        }),
      ],
      { env: admin() },
    );
    expect(made.code, made.stderr).toBe(0);
    const user = JSON.parse(made.stdout) as { id: number; roles: string[]; capabilities: Record<string, boolean> };
    expect(user.roles).toEqual(['contributor']);
    expect(user.capabilities.edit_tribe_events).toBe(true);
    expect(user.capabilities.publish_tribe_events).toBeUndefined();

    const ap = await runCli(
      ['api', 'POST', `/wp-json/wp/v2/users/${user.id}/application-passwords`, '-f', 'name=e2e'],
      { env: admin() },
    );
    expect(ap.code, ap.stderr).toBe(0);
    const password = (JSON.parse(ap.stdout) as { password: string }).password;
    expect(password).toMatch(/^(\w{4} ){5}\w{4}$/);

    const adminEvent = await runCli(
      [
        'events',
        'create',
        '--title',
        'Board meeting',
        '--start-date',
        '+2d 10:00',
        '--end-date',
        '+2d 11:00',
        '-o',
        'json',
      ],
      { env: admin() },
    );
    expect(adminEvent.code, adminEvent.stderr).toBe(0);
    const adminId = (JSON.parse(adminEvent.stdout) as { id: number; status: string }).id;

    const writer = isolatedEnv({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'writer', CALCTL_PASSWORD: password });
    const own = await runCli(
      [
        'events',
        'create',
        '--title',
        'Reading group',
        '--start-date',
        '+3d 18:00',
        '--end-date',
        '+3d 19:00',
        '--status',
        'publish',
        '-o',
        'json',
      ],
      { env: writer },
    );
    expect(own.code, own.stderr).toBe(0);
    const ownEvent = JSON.parse(own.stdout) as { id: number; status: string; author: string };
    expect(ownEvent.status).toBe('pending');
    expect(ownEvent.author).toBe(String(user.id));

    const refused = await runCli(['events', 'delete', String(adminId), '--yes'], { env: writer });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/403|not allowed/i);
    // (the administrator's event is still there, published)
    const still = await runCli(['events', 'get', String(adminId), '-o', 'json'], { env: admin() });
    expect((JSON.parse(still.stdout) as { status: string }).status).toBe('publish');

    // its own draft it may delete
    const gone = await runCli(['events', 'delete', String(ownEvent.id), '--yes'], { env: writer });
    expect(gone.code, gone.stderr).toBe(0);
  }, 120_000);

  it('profile test says which role the user has and what it cannot do', async () => {
    const add = await runCli(
      [
        'serve',
        '--data-dir',
        join(dir, 'data'),
        'users',
        'add',
        'cron',
        '--role',
        'contributor',
        '--password-file',
        join(dir, 'cron.pass'),
      ],
      { env: isolatedEnv() },
    );
    expect(add.code, add.stderr).toBe(0);
    expect(statSync(join(dir, 'cron.pass')).mode & 0o777).toBe(0o600);
    expect(add.stdout).not.toContain(readFileSync(join(dir, 'cron.pass'), 'utf8').trim());
    const password = readFileSync(join(dir, 'cron.pass'), 'utf8').trim();
    const env = isolatedEnv({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'cron', CALCTL_PASSWORD: password });
    const test = await runCli(['profile', 'test'], { env });
    expect(test.code, test.stderr).toBe(0);
    expect(`${test.stdout}${test.stderr}`).toMatch(/contributor/);
    expect(`${test.stdout}${test.stderr}`).toMatch(/cannot publish/);
    // an import by a user who may not publish says first that every event will wait for review
    writeFileSync(join(dir, 'events.csv'), 'title,start_date,end_date\nPicnic,+4d 12:00,+4d 14:00\n');
    const imported = await runCli(['import', 'events', join(dir, 'events.csv'), '-o', 'json'], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/cannot publish events: every event this import writes will wait for review/);
    const listed = await runCli(['serve', 'users', 'list', '--data-dir', join(dir, 'data')], { env: isolatedEnv() });
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { username: string }).username),
    ).toEqual(['admin', 'writer', 'cron']);
  }, 120_000);
});
