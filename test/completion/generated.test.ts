/**
 * The committed completion scripts and man page are generated: regenerating them from the built
 * CLI gives the same bytes (run `npm run build && node scripts/gen-completions.mjs` when this fails).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ROOT } from './helpers.js';

const FILES = ['completions/calctl.bash', 'completions/_calctl', 'completions/calctl.fish', 'man/calctl.1'];

describe('generated completions and man page', () => {
  it('the committed files equal a fresh generation (stale otherwise)', () => {
    const out = mkdtempSync(join(tmpdir(), 'calctl-gen-test-'));
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/gen-completions.mjs'), out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    for (const file of FILES) {
      const fresh = readFileSync(join(out, file));
      const committed = readFileSync(join(ROOT, file));
      expect(fresh.equals(committed), `${file} is stale: run npm run build && node scripts/gen-completions.mjs`).toBe(
        true,
      );
    }
  });

  it.each([
    ['bash', 'completions/calctl.bash'],
    ['zsh', 'completions/_calctl'],
    ['fish', 'completions/calctl.fish'],
  ])('calctl completion %s prints %s', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, file), 'utf8'));
  });

  it('an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
    expect(r.stdout).toBe('');
  });

  it('the man page covers every command and the exit codes', () => {
    const man = readFileSync(join(ROOT, 'man/calctl.1'), 'utf8');
    expect(man).toMatch(/^\.TH CALCTL 1/);
    for (const title of ['calctl events list', 'calctl import venues', 'calctl profile add', 'calctl completion']) {
      expect(man).toContain(`.SS ${title.replace(/-/g, '\\-')}`);
    }
    expect(man).toContain('.SH EXIT STATUS');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { man: string[]; files: string[] };
    expect(pkg.man).toContain('man/calctl.1');
  });

  it('man renders without warnings where man is installed', () => {
    const man = spawnSync('man', ['--warnings', '-l', join(ROOT, 'man/calctl.1')], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '' },
    });
    if (man.error) return; // no man(1) here: the roff is still checked above
    expect(man.status).toBe(0);
    expect(man.stdout).toMatch(/calctl events list/);
  });
});
