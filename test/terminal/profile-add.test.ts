/**
 * `calctl profile add` without flags on a terminal: asks for the name, the URL, the user and the
 * application password (hidden while typed), runs a live `profile test` and saves the profile
 * against a real embedded server. Driven in tmux; the password never appears on the screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellEnv, shimDir } from '../completion/helpers.js';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { TmuxSession, tmuxAvailable } from './tmux.js';

const available = tmuxAvailable();

describe.skipIf(!available)('profile add on a terminal', () => {
  let server: TestServer;
  let home: string;
  let tmux: TmuxSession;

  beforeAll(async () => {
    server = await startApi();
    home = tempHome();
    tmux = new TmuxSession({ env: shellEnv(home, shimDir()), cwd: home, width: 120, height: 30 }).start();
    await tmux.waitFor(/^\$/m);
  }, 60_000);

  afterAll(async () => {
    tmux?.kill();
    await server?.close();
  });

  it('walks through name, URL, user and hidden password, then tests the site live', async () => {
    tmux.run('calctl profile add; echo EXIT:$?');
    await tmux.waitFor(/\? Profile name/);
    tmux.type('site');
    tmux.keys('Enter');
    await tmux.waitFor(/\? Site URL/);
    tmux.type(server.url);
    tmux.keys('Enter');
    await tmux.waitFor(/\? User/);
    tmux.type(server.user);
    tmux.keys('Enter');
    await tmux.waitFor(/\? Application password/);
    tmux.type(server.password);
    const typing = await tmux.waitFor(/\? Application password[^\n]*\*{8}/);
    expect(typing).not.toContain(server.password);
    tmux.keys('Enter');
    const screen = await tmux.waitFor(/^EXIT:\d+/m, { timeoutMs: 30_000 });
    expect(screen).toMatch(/^EXIT:0/m);
    expect(screen).toMatch(/saved profile "site"/);
    expect(screen).toMatch(/^ok\s+reachable/m);
    expect(screen).toMatch(/^ok\s+credentials/m);
    expect(screen).not.toContain(server.password);

    const list = await runCli(['profile', 'list', '-o', 'json'], { home });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'site', user: 'admin', secret: 'password' })]);
    const secrets = readFileSync(join(home, '.config/calctl/secrets.json'), 'utf8');
    expect(secrets).toContain(server.password);
  });

  it('Ctrl-C at the password prompt saves nothing (exit 130)', async () => {
    tmux.keys('C-l');
    tmux.run('calctl profile add other; echo EXIT2:$?');
    await tmux.waitFor(/\? Site URL/);
    tmux.type(server.url);
    tmux.keys('Enter');
    await tmux.waitFor(/\? User/);
    tmux.type('admin');
    tmux.keys('Enter');
    await tmux.waitFor(/\? Application password/);
    tmux.keys('C-c');
    await tmux.waitFor(/^EXIT2:130/m);
    const list = await runCli(['profile', 'list', '-o', 'json'], { home });
    expect((list.json() as Array<{ name: string }>).map((p) => p.name)).toEqual(['site']);
  });
});
