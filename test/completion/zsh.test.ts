/**
 * zsh completion, for real: an interactive `zsh -f` in tmux with compinit and the generated
 * `_calctl` on $fpath; Tab is pressed and the menu read from the screen. Live ids with their titles
 * come from the local calendar of a seeded temp HOME. Skipped only when zsh or tmux is missing.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxAvailable } from '../terminal/tmux.js';
import { has, ROOT, seededHome, shellEnv, shimDir } from './helpers.js';

const available = has('zsh') && tmuxAvailable();
if (!available) console.warn('zsh or tmux is not installed (see scripts/install-shells.sh): skipping zsh tests');

let tmux: TmuxSession;

/** Types a line, presses Tab (twice for a menu), returns the screen once `expected` shows. */
async function tab(line: string, expected: RegExp, presses = 1): Promise<string> {
  tmux.keys('C-u');
  tmux.clear();
  tmux.type(line);
  for (let i = 0; i < presses; i++) tmux.keys('Tab');
  return tmux.waitFor(expected);
}

describe.skipIf(!available)('zsh completion', () => {
  beforeAll(async () => {
    const zdot = mkdtempSync(join(tmpdir(), 'calctl-zsh-'));
    mkdirSync(join(zdot, 'fn'));
    cpSync(join(ROOT, 'completions/_calctl'), join(zdot, 'fn/_calctl'));
    writeFileSync(
      join(zdot, '.zshrc'),
      `fpath=(${zdot}/fn $fpath)\nautoload -U compinit && compinit -u -d ${zdot}/.zcompdump\nPROMPT='%% '\n`,
    );
    const env = shellEnv(await seededHome(), shimDir(), { ZDOTDIR: zdot });
    tmux = new TmuxSession({ env, cwd: ROOT, width: 160, height: 40, command: ['zsh', '-i'] }).start();
    await tmux.waitFor(/^%/m);
  }, 60_000);

  afterAll(() => tmux?.kill());

  it('completes subcommands with descriptions', async () => {
    const screen = await tab('calctl events ', /list\s+-- list events/);
    expect(screen).toMatch(/ls\s+-- alias of list/);
    expect(screen).toMatch(/delete\s+-- delete events/);
  });

  it('completes a unique prefix in place', async () => {
    await tab('calctl eve', /calctl events\s*$/m);
  });

  it('completes flags with descriptions, including global ones', async () => {
    const screen = await tab('calctl events list --st', /--status\s+-- only records with (this status|these statuses)/);
    expect(screen).toMatch(/--start-date\s+--/);
  });

  it('completes choices for --status and --output', async () => {
    await tab('calctl events list --status ', /publish/);
    const screen = await tab('calctl venues list -o ', /ndjson/);
    expect(screen).toMatch(/yaml/);
  });

  it('completes event ids with their titles', async () => {
    const screen = await tab('calctl events get ', /3\s+-- Reference Concert/);
    expect(screen).toMatch(/4\s+-- Spare Event/);
  });

  it('completes venue ids for --venue and slugs for --categories', async () => {
    await tab('calctl events list --venue ', /1\s+-- Town Hall/);
    await tab('calctl events list --categories ', /music\s+-- Music/);
  });

  it('completes profiles after --profile and @', async () => {
    await tab('calctl --profile ', /demo\s+-- https:\/\/example\.org/);
    await tab('calctl @d', /calctl @demo\s*$/m);
  });

  it('completes files for import', async () => {
    await tab('calctl import events package.j', /calctl import events package\.json\s*$/m);
  });
});
