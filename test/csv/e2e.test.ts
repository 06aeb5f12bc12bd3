/** One end-to-end run of the built CLI (npm run build first; the test command does). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { fixture } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(join(root, 'dist/calctl.js'));

it.skipIf(!built)('node bin/calctl import/export against the built-in local calendar', async () => {
  const home = await mkdtemp(join(tmpdir(), 'calctl-e2e-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    CALCTL_CONFIG_DIR: join(home, 'config'),
    CALCTL_DATA_DIR: join(home, 'data'),
  };
  const calctl = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'bin/calctl'), ...args], { env, cwd: home, encoding: 'utf8' });
  try {
    const first = calctl('import', 'events', fixture('ours-events.csv'), '-o', 'json');
    expect(first.stderr + String(first.error ?? '')).not.toMatch(/calctl: (?!warning)/);
    expect(first.status).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ created: 2, rejected: 0 });
    const again = calctl('import', 'events', fixture('ours-events.csv'), '-o', 'json');
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, unchanged: 2 });
    const bad = calctl('import', 'events', fixture('bad-rows.csv'));
    expect(bad.status).toBe(3);
    expect(bad.stderr).toMatch(/rejected 5/);
    // A ragged row is rejected with its line; the rows around it are imported (exit 3).
    const ragged = calctl('import', 'events', fixture('ragged.csv'));
    expect(ragged.status).toBe(3);
    expect(ragged.stderr).toMatch(/line 3: .*ragged row/);
    const out = calctl('export', 'events');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('A,a,'))).toHaveLength(1);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

it.skipIf(!built)(
  'an import creating many linked records at once prints nothing on stderr but the summary',
  async () => {
    const home = await mkdtemp(join(tmpdir(), 'calctl-e2e-'));
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      CALCTL_CONFIG_DIR: join(home, 'config'),
      CALCTL_DATA_DIR: join(home, 'data'),
    };
    try {
      // 60 rows, 30 new venues and 30 new organizers: dozens of creates in flight at once.
      const rows = Array.from({ length: 60 }, (_, i) => `Talk ${i},2027-05-01 10:00,Room ${i % 30},Host ${i % 30}`);
      const file = join(home, 'linked.csv');
      await writeFile(file, `title,start_date,venue,organizer\n${rows.join('\n')}\n`);
      const run = spawnSync(process.execPath, [join(root, 'bin/calctl'), 'import', 'events', file], {
        env,
        cwd: home,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^created 60, .* 60 rows in/)]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  },
);
