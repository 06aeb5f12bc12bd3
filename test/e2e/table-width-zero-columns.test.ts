/**
 * A terminal that reports 0 columns (a `script` session of size 0×0, some serial consoles and
 * containers) gets tables fitted to 80 characters, not squashed to 6-character columns.
 * Runs the built CLI on a real pseudo-terminal through util-linux `script`.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome, toolAvailable } from '../helpers/cli.js';

const BIN = resolve(import.meta.dirname, '../../bin/calctl');
const hasScript = toolAvailable('script', ['--version']);

let home: string;
const TITLE = 'A rather long event title that needs room on the screen';

/** Runs calctl on a pseudo-terminal whose size is set by `stty` first; the screen text, without \r. */
function onTerminal(args: string[], size: { rows: number; cols: number }, env: Record<string, string> = {}) {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const command = `stty rows ${size.rows} cols ${size.cols}; exec ${quoted}`;
  return new Promise<{ code: number | null; screen: string }>((done, fail) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_DATA_HOME: join(home, '.local/share'),
        NO_COLOR: '1',
        TZ: 'UTC',
        TERM: 'xterm',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      screen += c;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`timed out: ${screen}`));
    }, 20_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, screen: screen.replace(/\r/g, '') });
    });
    child.stdin.end();
  });
}

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => [...l].length),
  );

beforeAll(async () => {
  home = tempHome();
  for (const day of ['01', '02']) {
    const res = await runCli(
      [
        'events',
        'create',
        '--title',
        TITLE,
        '--start-date',
        `2027-03-${day} 10:00`,
        '--end-date',
        `2027-03-${day} 11:00`,
      ],
      { home },
    );
    expect(res.code, res.stderr).toBe(0);
  }
}, 30_000);

describe.skipIf(!hasScript)('table width on a terminal', () => {
  it('0 columns reported: fitted to 80, the title readable', async () => {
    const { code, screen } = await onTerminal(['events', 'list'], { rows: 0, cols: 0 });
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/^ID\s+START\s+END\s+TITLE/m);
    expect(widest(screen)).toBeLessThanOrEqual(80);
    expect(widest(screen)).toBeGreaterThan(60);
    expect(screen).toContain('A rather long');
  });

  it('0 columns reported and COLUMNS set: COLUMNS is the width', async () => {
    const { code, screen } = await onTerminal(['events', 'list'], { rows: 0, cols: 0 }, { COLUMNS: '130' });
    expect(code, screen).toBe(0);
    expect(screen).toContain(TITLE);
    expect(widest(screen)).toBeGreaterThan(80);
    expect(widest(screen)).toBeLessThanOrEqual(130);
  });

  it('a terminal that reports its width keeps it', async () => {
    const { screen } = await onTerminal(['events', 'list'], { rows: 40, cols: 150 });
    expect(screen).toContain(TITLE);
    expect(widest(screen)).toBeGreaterThan(80);
    expect(widest(screen)).toBeLessThanOrEqual(150);
  });
});
