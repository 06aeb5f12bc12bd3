/**
 * The calendar views in a real terminal (tmux) at 80 and 132 columns, with and without colour,
 * against a real embedded server whose site zone is Europe/Paris: the days around the end of
 * October 2026, when Paris leaves summer time (Sunday 25th) and the month ends (Saturday 31st).
 * Piped, the same view has no colour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellEnv, shimDir } from '../completion/helpers.js';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { TmuxSession, tmuxAvailable } from './tmux.js';

const available = tmuxAvailable();
const ESC = '\u001b[';
let server: TestServer;
let tmux: TmuxSession;
let env: Record<string, string>;
let step = 0;

/** Runs a line and waits for its exit marker; returns the screen (with escapes when asked). */
async function run(line: string, opts: { escapes?: boolean } = {}): Promise<string> {
  const marker = `DONE${++step}`;
  tmux.keys('C-u');
  tmux.clear();
  tmux.run(`clear; ${line}; echo ${marker}:$?`);
  await tmux.waitFor(new RegExp(`^${marker}:0`, 'm'), { timeoutMs: 20_000 });
  // (with escapes, tmux starts the marker's line with the colour still in force: look for it plainly)
  const screen = tmux.screen(opts);
  return screen.slice(0, screen.indexOf(`${marker}:`));
}

const lines = (screen: string) => screen.split('\n').map((l) => l.trimEnd());

describe.skipIf(!available)('calendar views in a real terminal', () => {
  beforeAll(async () => {
    server = await startApi({ timezone: 'Europe/Paris' });
    const music = await apiRequest<{ id: number }>(server, 'POST', '/categories', { name: 'Music' });
    const venue = await apiRequest<{ id: number }>(server, 'POST', '/venues', { venue: 'Blue Room' });
    const paris = { timezone: 'Europe/Paris' };
    const events = [
      {
        title: 'Before the change',
        start_date: '2026-10-24 20:00:00',
        end_date: '2026-10-24 22:00:00',
        categories: [music.body.id],
        venue: venue.body.id,
      },
      { title: 'Across the change', start_date: '2026-10-25 01:30:00', end_date: '2026-10-25 03:30:00' },
      {
        title: 'Halloween party with a long title',
        start_date: '2026-10-31 22:00:00',
        end_date: '2026-11-01 02:00:00',
        categories: [music.body.id],
      },
      { title: 'All Saints', start_date: '2026-11-01 00:00:00', end_date: '2026-11-01 23:59:59', all_day: true },
    ];
    for (const e of events) {
      const r = await apiRequest(server, 'POST', '/events', { ...paris, ...e });
      expect(r.status).toBe(201);
    }
    const home = tempHome();
    env = shellEnv(home, shimDir(), {
      CALCTL_URL: server.url,
      CALCTL_USER: server.user,
      CALCTL_PASSWORD: server.password,
    });
    tmux = new TmuxSession({ env, cwd: home, width: 80, height: 60 }).start();
    await tmux.waitFor(/^\$/m);
  }, 60_000);

  afterAll(async () => {
    tmux?.kill();
    await server?.close();
  });

  it('agenda at 80 columns: days in the site zone, across the DST change and the month end, in colour', async () => {
    const screen = await run('calctl agenda --start-date 2026-10-24 --end-date 2026-11-02', { escapes: true });
    const plain = screen.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^Saturday 24 October 2026$/m);
    expect(plain).toMatch(/^ {2}20:00–22:00 {2}Before the change +Blue Room$/m);
    expect(plain).toMatch(/^Sunday 25 October 2026\n {2}01:30–03:30 {2}Across the change$/m);
    expect(plain).toMatch(/^Saturday 31 October 2026\n {2}22:00 → {6}Halloween party with a long title \(day 1\/2\)$/m);
    expect(plain).toMatch(/^Sunday 1 November 2026\n {2}all day {6}All Saints\n {2}→ 02:00 {6}Halloween party/m);
    expect(Math.max(...lines(plain).map((l) => l.length))).toBeLessThanOrEqual(80);
    // the Music events share one colour; the heading is bold
    const colour = /\u001b\[(3\dm|9\dm)Before the change/.exec(screen)?.[1];
    expect(colour).toBeDefined();
    expect(screen).toContain(`${ESC}${colour}Halloween party`);
    expect(screen).toContain(`${ESC}1mSaturday 24 October 2026`);
  });

  it('no colour with NO_COLOR, nor when piped', async () => {
    const noColor = await run('NO_COLOR=1 calctl agenda --start-date 2026-10-24 --days 3', { escapes: true });
    expect(noColor).toContain('Before the change');
    expect(noColor).not.toContain(ESC);
    const piped = await run('calctl agenda --start-date 2026-10-24 --days 3 -o table | cat', { escapes: true });
    expect(piped).toContain('Before the change');
    expect(piped).not.toContain(ESC);
    // --local-time: the machine's zone (TZ) instead of the site's; 20:00 in Paris is 14:00 in New York
    const local = await runCli(['agenda', '--start-date', '2026-10-24', '--days', '1', '--local-time', '-o', 'table'], {
      env: { ...env, TZ: 'America/New_York' },
    });
    expect(local.stdout).toMatch(/^ {2}14:00–16:00 {2}Before the change/m);
    const json = await runCli(['agenda', '--start-date', '2026-10-24', '--days', '3'], { env });
    expect(json.json<Array<{ title: string }>>().map((e) => e.title)).toEqual([
      'Before the change',
      'Across the change',
    ]);
  });

  it('the month at 80 columns, then at 132 the cells grow and show more of each title', async () => {
    const narrow = lines(await run('NO_COLOR=1 calctl calendar --month 2026-10'));
    expect(narrow.some((l) => /^ +October 2026$/.test(l))).toBe(true);
    expect(narrow).toContain('│Monday    │Tuesday   │Wednesday │Thursday  │Friday    │Saturday  │Sunday    │');
    expect(narrow.find((l) => l.startsWith('│26 '))).toBeDefined(); // the week of the 26th
    expect(
      narrow.some((l) => l.includes('│22h Hallo…│')),
      narrow.join('\n'),
    ).toBe(true);
    expect(Math.max(...narrow.map((l) => l.length))).toBeLessThanOrEqual(80);

    tmux.resize(132, 60);
    const wide = lines(await run('NO_COLOR=1 calctl calendar --month 2026-10 --week-start sunday'));
    expect(wide.find((l) => l.startsWith('│Sunday'))).toBeDefined();
    expect(
      wide.some((l) => l.includes('│22:00 Halloween …│')),
      wide.join('\n'),
    ).toBe(true);
    expect(wide.some((l) => l.includes('│01:30 Across the…│'))).toBe(true);
    const widest = Math.max(...wide.map((l) => l.length));
    expect(widest).toBeGreaterThan(120);
    expect(widest).toBeLessThanOrEqual(132);
  });

  it('the week view at 132 columns lists each day in time order', async () => {
    const week = lines(await run('NO_COLOR=1 calctl calendar --week 2026-10-29'));
    expect(week.find((l) => l.startsWith('│Mon 26 Oct'))).toContain('│Sun 1 Nov');
    expect(
      week.some((l) => /│22:00 → +│all day/.test(l)),
      week.join('\n'),
    ).toBe(true);
    expect(week.some((l) => /│Halloween party +│All Saints/.test(l))).toBe(true);
  });

  it('add shows what it understood and asks; y creates the event', async () => {
    tmux.keys('C-u');
    tmux.clear();
    tmux.run('clear; calctl add "Tmux gig tomorrow 9pm at Blue Room #music" --fields id,title; echo ADDED:$?');
    const asked = await tmux.waitFor(/Create this event\?/);
    expect(asked).toMatch(/title {6}Tmux gig/);
    expect(asked).toMatch(/end {8}.* 22:00 \(Europe\/Paris\)/);
    expect(asked).toMatch(/venue {6}Blue Room$/m);
    tmux.type('y');
    tmux.keys('Enter');
    await tmux.waitFor(/^ADDED:0/m);
    const found = await runCli(['events', 'list', '--search', 'Tmux gig', '-o', 'count'], { env });
    expect(found.stdout.trim()).toBe('1');
  });
});
