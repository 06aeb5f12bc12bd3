/**
 * Terminal behaviour in a real terminal (tmux): create prompts, the delete confirmation, Ctrl-C in
 * a prompt (exit 130, nothing written), the import progress bar, table width following the window,
 * colour on a TTY and none with NO_COLOR. The same commands run piped (runCli) show none of it.
 * Everything runs on the local calendar of a seeded temp HOME (EXAMPLE_SEED).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyHome, seededHome, shellEnv, shimDir } from '../completion/helpers.js';
import { runCli } from '../helpers/cli.js';
import { TmuxSession, tmuxAvailable } from './tmux.js';

const available = tmuxAvailable();
if (!available) console.warn('tmux is not installed (see scripts/install-shells.sh): skipping terminal tests');

const ESC = '\u001b[';
let home: string;
let tmux: TmuxSession;
let step = 0;

/** Runs a line in the terminal, ending with a marker that carries the exit code. */
function start(line: string): string {
  const marker = `EXIT${++step}`;
  tmux.keys('C-u');
  tmux.clear();
  tmux.run(`${line}; echo ${marker}:$?`);
  return marker;
}

async function exitOf(marker: string, timeoutMs = 20_000): Promise<{ code: number; screen: string }> {
  const re = new RegExp(`^${marker}:(\\d+)`, 'm');
  const screen = await tmux.waitFor(re, { timeoutMs });
  return { code: Number(re.exec(screen)?.[1]), screen };
}

const count = async (args: string[]) => Number((await runCli([...args, '-o', 'count'], { home })).stdout.trim());

describe.skipIf(!available)('in a real terminal', () => {
  beforeAll(async () => {
    home = copyHome(await seededHome());
    const rows = ['title,start_date,end_date'];
    for (let i = 0; i < 1200; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      rows.push(`Bulk event number ${i} with a longer title,2030-02-${day} 10:00,2030-02-${day} 11:00`);
    }
    writeFileSync(join(home, 'bulk.csv'), `${rows.join('\n')}\n`);
    tmux = new TmuxSession({ env: shellEnv(home, shimDir()), cwd: home, width: 100, height: 30 }).start();
    await tmux.waitFor(/^\$/m);
  }, 60_000);

  afterAll(() => tmux?.kill());

  it('create asks for the missing required fields', async () => {
    const marker = start('calctl events create --fields id,title');
    await tmux.waitFor(/\? title/);
    tmux.type('Tmux Party');
    tmux.keys('Enter');
    await tmux.waitFor(/\? start date \(UTC\)/);
    tmux.keys('Enter'); // the default: tomorrow 10:00
    await tmux.waitFor(/\? end date \(UTC\)/);
    tmux.keys('Enter'); // the default: start + 1 hour
    const { code, screen } = await exitOf(marker);
    expect(code).toBe(0);
    expect(screen).toMatch(/Tmux Party/);
    expect(await count(['events', 'list', '--search', 'Tmux Party'])).toBe(1);
  });

  it('Ctrl-C in a prompt exits 130 and writes nothing', async () => {
    const before = await count(['venues', 'list', '--per-page', '50']);
    const marker = start('calctl venues create');
    await tmux.waitFor(/\? venue/);
    tmux.type('Half typed');
    tmux.keys('C-c');
    const { code } = await exitOf(marker);
    expect(code).toBe(130);
    expect(await count(['venues', 'list', '--per-page', '50'])).toBe(before);
  });

  it('delete asks first: n keeps the record, y trashes it', async () => {
    let marker = start('calctl events delete 4');
    await tmux.waitFor(/Move to the trash event 4\?/);
    tmux.type('n');
    tmux.keys('Enter');
    let result = await exitOf(marker);
    expect(result.code).toBe(0);
    expect(result.screen).toMatch(/nothing deleted/);
    expect((await runCli(['events', 'get', '4', '--field', 'status'], { home })).stdout.trim()).toBe('publish');

    marker = start('calctl events delete 4 --fields id,status');
    await tmux.waitFor(/Move to the trash event 4\?/);
    tmux.type('y');
    tmux.keys('Enter');
    result = await exitOf(marker);
    expect(result.code).toBe(0);
    expect(result.screen).toMatch(/trash/);
  });

  it('import shows a progress bar that updates in place, then the summary', async () => {
    const marker = start('calctl import events bulk.csv');
    const seen = new Set<string>();
    const deadline = Date.now() + 30_000;
    let screen = '';
    while (Date.now() < deadline) {
      screen = tmux.screen();
      const bars = screen.split('\n').filter((l) => /^import events \[/.test(l));
      expect(bars.length).toBeLessThanOrEqual(1); // one line, redrawn, never scrolling
      if (bars[0]) seen.add(bars[0].replace(/\s+$/, ''));
      if (new RegExp(`^${marker}:`, 'm').test(screen)) break;
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
    expect([...seen].some((l) => /\d+ rows/.test(l))).toBe(true);
    const { code } = await exitOf(marker);
    expect(code).toBe(0);
    expect(screen).toMatch(/created 1200, updated 0, unchanged 0, rejected 0/);
    expect(screen).not.toMatch(/^import events \[/m); // cleared when done
  }, 40_000);

  it('tables follow the terminal width', async () => {
    const widest = (screen: string, from: string) =>
      Math.max(
        ...screen
          .slice(screen.indexOf(from))
          .split('\n')
          .slice(1, -3)
          .map((l) => l.trimEnd().length),
      );
    tmux.resize(140, 30);
    let marker = start('calctl events list --start-date 2030-02-01 --end-date 2030-02-02 --per-page 5');
    const wide = widest((await exitOf(marker)).screen, '$ calctl events list');
    tmux.resize(60, 30);
    marker = start('calctl events list --start-date 2030-02-01 --end-date 2030-02-02 --per-page 5');
    const narrow = widest((await exitOf(marker)).screen, '$ calctl events list');
    expect(narrow).toBeLessThanOrEqual(60);
    expect(wide).toBeGreaterThan(60);
    expect(wide).toBeLessThanOrEqual(140);
    tmux.resize(100, 30);
  });

  it('colours tables on a terminal, not with NO_COLOR', async () => {
    const list = 'calctl events list --start-date 2030-02-01 --end-date 2030-02-02 --per-page 3';
    let marker = start(list);
    await exitOf(marker);
    const colour = tmux.screen({ escapes: true });
    expect(colour).toContain(ESC);
    marker = start(`NO_COLOR=1 ${list}`);
    await exitOf(marker);
    const plain = tmux.screen({ escapes: true });
    expect(plain).toMatch(/Bulk event/);
    expect(plain).not.toContain(ESC);
  });
});

describe('the same commands piped', () => {
  let pipedHome: string;
  beforeAll(async () => {
    pipedHome = copyHome(await seededHome());
  }, 60_000);

  it('create without flags does not prompt: usage error naming the flags', async () => {
    const r = await runCli(['events', 'create'], { home: pipedHome });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required fields: --title/);
    expect(r.stderr).not.toMatch(/\?/);
  });

  it('delete without --yes does not prompt', async () => {
    const r = await runCli(['events', 'delete', '4'], { home: pipedHome });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes/);
  });

  it('import prints no progress bar, only the summary', async () => {
    const rows = ['title,start_date,end_date', 'Piped,2030-03-01 10:00,2030-03-01 11:00'];
    writeFileSync(join(pipedHome, 'one.csv'), `${rows.join('\n')}\n`);
    const r = await runCli(['import', 'events', join(pipedHome, 'one.csv')], { home: pipedHome });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^created 1, updated 0, unchanged 0, rejected 0 — 1 row in [\d.]+ s \(\d+ rows\/s\)\n$/);
    expect(r.stderr).not.toMatch(/\[|\r/);
  });

  it('tables have no colour codes, even without NO_COLOR', async () => {
    const r = await runCli(['events', 'list', '-o', 'table'], { home: pipedHome, env: { NO_COLOR: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Reference Concert/);
    expect(r.stdout).not.toContain(ESC);
  });
});
