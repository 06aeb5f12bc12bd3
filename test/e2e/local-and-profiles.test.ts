/** The zero-setup local default in a temp HOME, profiles, help topics and serve. */
import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApi();
});
afterAll(async () => {
  await server?.close();
});

describe('built-in local calendar', () => {
  it('works at once in an empty HOME and keeps data between runs', async () => {
    const home = tempHome();
    const empty = await runCli(['events', 'list'], { home });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.json()).toEqual([]);
    const created = await runCli(
      [
        'events',
        'create',
        '--title',
        'Local',
        '--start-date',
        'tomorrow 7pm',
        '--end-date',
        'tomorrow 9pm',
        '--porcelain',
      ],
      { home },
    );
    expect(created.code, created.stderr).toBe(0);
    const listed = await runCli(['events', 'list', '--fields', 'id,title'], { home });
    expect(listed.json()).toEqual([{ id: Number(created.stdout.trim()), title: 'Local' }]);
    const file = join(home, '.local/share/calctl/admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('profiles', () => {
  it('add (password from stdin), list, show masks, test, use, remove', async () => {
    const home = tempHome();
    const add = await runCli(
      ['profile', 'add', 'dev', '--url', server.baseUrl, '--user', 'admin', '--password-stdin', '--per-page', '5'],
      { home, input: `${server.password}\n` },
    );
    expect(add.code, add.stderr).toBe(0);
    expect(add.json<{ checks: Array<{ ok: boolean }> }>().checks.map((c) => c.ok)).toEqual([true, true, true]);
    const list = await runCli(['profile', 'list'], { home });
    expect(list.json<Array<{ name: string; secret: string }>>()).toEqual([
      expect.objectContaining({ name: 'dev', secret: 'password', user: 'admin' }),
    ]);
    const show = await runCli(['profile', 'show', 'dev'], { home });
    expect(show.json<{ password: string }>().password).toBe('********');
    const shorthand = await runCli(['@dev', 'tags', 'list', '--hide-empty=false'], { home });
    expect(shorthand.code, shorthand.stderr).toBe(0);
    expect((await runCli(['profile', 'use', 'dev'], { home })).code).toBe(0);
    const viaDefault = await runCli(['info'], { home });
    expect(viaDefault.json<{ namespace: string }>().namespace).toBe('tribe/events/v1');
    for (const r of [add, list, show, shorthand, viaDefault]) {
      expect(r.stdout + r.stderr).not.toContain(server.password);
    }
    expect((await runCli(['profile', 'remove', 'dev'], { home })).code).toBe(0);
    expect((await runCli(['@dev', 'events', 'list'], { home })).code).toBe(2);
  });

  it('test says which check failed: credentials (4), reachability (1)', async () => {
    const home = tempHome();
    const wrong = await runCli(
      ['profile', 'add', 'bad', '--url', server.baseUrl, '--user', 'admin', '--password-stdin'],
      { home, input: 'not the password' },
    );
    expect(wrong.code).toBe(4);
    type Report = { checks: Array<{ check: string; ok: boolean }> };
    expect(wrong.json<Report>().checks.map((c) => [c.check, c.ok])).toEqual([
      ['reachable', true],
      ['namespace', true],
      ['credentials', false],
    ]);
    expect(wrong.stderr).toMatch(/not saved.*\n.*--no-test/);
    const down = await runCli(['profile', 'add', 'down', '--url', 'http://127.0.0.1:9', '-o', 'table'], { home });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/FAIL reachable/);
    // Neither failed profile was kept; --no-test keeps one without checking.
    const names = async () => (await runCli(['profile', 'list'], { home })).json<Array<{ name: string }>>();
    expect((await names()).map((p) => p.name)).not.toContain('bad');
    expect((await names()).map((p) => p.name)).not.toContain('down');
    const offline = await runCli(['profile', 'add', 'down', '--url', 'http://127.0.0.1:9', '--no-test'], { home });
    expect(offline.code, offline.stderr).toBe(0);
    expect((await names()).map((p) => p.name)).toContain('down');
  });

  it('profile test of a user without a password reports one failed credentials check', async () => {
    const home = tempHome();
    await runCli(['profile', 'add', 'nopw', '--url', server.baseUrl, '--user', 'admin', '--no-test'], { home });
    const r = await runCli(['profile', 'test', 'nopw'], { home });
    expect(r.code).toBe(4);
    type Report = { checks: Array<{ check: string; ok: boolean | null }> };
    expect(r.json<Report>().checks.filter((c) => c.check === 'credentials')).toEqual([
      expect.objectContaining({ ok: false }),
    ]);
  });

  it('add without a name and without a terminal is a usage error', async () => {
    const res = await runCli(['profile', 'add', '--url', 'http://127.0.0.1:9'], { home: tempHome() });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/missing the profile name/);
  });

  it('add without --url and without a terminal is a usage error', async () => {
    const res = await runCli(['profile', 'add', 'x'], { home: tempHome() });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--url/);
  });
});

describe('help', () => {
  it.each([
    ['exit-codes', /130/],
    ['profiles', /CALCTL_PROFILE/],
    ['dates', /next friday/],
  ])('calctl help %s', async (topic, pattern) => {
    const res = await runCli(['help', topic]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(pattern);
  });

  it('--help, --version and unknown commands', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/events/);
    expect((await runCli(['events', 'list', '--help'])).stdout).toMatch(/--start-date/);
    expect((await runCli(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const typo = await runCli(['evnts']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/Did you mean events/);
  });

  it('global options alone (calctl @name) print the same help as a bare calctl, exit 0', async () => {
    const bare = await runCli([]);
    const shorthand = await runCli(['@anything']);
    expect(shorthand.code).toBe(0);
    expect(shorthand.stdout).toBe(bare.stdout);
    expect(shorthand.stdout).toMatch(/\n\s+import\s/);
  });

  it('--token on the command line warns that it shows in the process list', async () => {
    const r = await runCli(['--url', 'http://127.0.0.1:9', '--token', 'abc', 'tags', 'list', '--timeout', '1']);
    expect(r.stderr).toMatch(/warning: --token .*process list/);
    expect(r.stderr).not.toMatch(/abc/);
  });
});

describe('serve', () => {
  it('prints the base URL, never the password, and stops on SIGTERM with exit 0', async () => {
    const home = tempHome();
    const data = mkdtempSync(join(tmpdir(), 'calctl-serve-'));
    const bin = resolve(import.meta.dirname, '../../bin/calctl');
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', data], {
      env: { PATH: process.env.PATH ?? '', HOME: home, CI: 'true' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const url = await new Promise<string>((done) => {
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        stdout += c;
        if (stdout.includes('\n')) done(stdout.trim());
      });
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1$/);
    const password = (await import('node:fs')).readFileSync(join(data, 'admin-password'), 'utf8').trim();
    const info = await runCli(['info'], {
      home,
      env: { CALCTL_URL: url, CALCTL_USER: 'admin', CALCTL_PASSWORD: password },
    });
    expect(info.code, info.stderr).toBe(0);
    const code = await new Promise<number | null>((done) => {
      child.on('close', done);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(stderr).toContain(join(data, 'admin-password'));
    expect(stdout + stderr).not.toContain(password);
  });
});
