/**
 * As a new user would: follow the README's install line for each shell in a fresh HOME, start an
 * interactive shell with its normal start-up files in tmux, and press Tab for commands, flags,
 * profiles and live ids. Skipped per shell only when that shell (or tmux) is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TmuxSession, tmuxAvailable } from '../terminal/tmux.js';
import { copyHome, has, seededHome, shellEnv, shimDir } from './helpers.js';

/** The README's install lines, run with bash in the user's HOME. */
const INSTALL: Record<string, string> = {
  bash: `echo 'source <(calctl completion bash)' >> ~/.bashrc`,
  zsh:
    'mkdir -p ~/.zfunc && calctl completion zsh > ~/.zfunc/_calctl && ' +
    `printf '%s\\n' 'fpath=(~/.zfunc $fpath)' 'autoload -U compinit && compinit' >> ~/.zshrc`,
  fish: 'mkdir -p ~/.config/fish/completions && calctl completion fish > ~/.config/fish/completions/calctl.fish',
};

const SHELL_COMMAND: Record<string, readonly string[]> = {
  bash: ['bash', '-i'],
  zsh: ['zsh', '-i'],
  fish: ['fish', '-i'],
};

let seeded: Promise<string> | undefined;

describe.each(['bash', 'zsh', 'fish'])('%s after the README install line', (shell) => {
  const ok = has(shell) && tmuxAvailable();
  if (!ok) console.warn(`${shell} or tmux is not installed (see scripts/install-shells.sh): skipping`);

  it.skipIf(!ok)(
    'Tab completes commands, flags, profiles and live ids',
    async () => {
      seeded ??= seededHome();
      const home = copyHome(await seeded);
      const shim = shimDir();
      const env = shellEnv(home, shim, { SHELL: `/bin/${shell}` });
      mkdirSync(join(home, '.config/fish'), { recursive: true });
      writeFileSync(join(home, '.config/fish/config.fish'), 'set -g fish_greeting\n');
      const install = spawnSync('bash', ['-c', INSTALL[shell] ?? ''], { env, cwd: home, encoding: 'utf8' });
      expect(install.status, install.stderr).toBe(0);

      const tmux = new TmuxSession({
        env,
        cwd: home,
        width: 120,
        height: 30,
        command: [...(SHELL_COMMAND[shell] ?? [])],
      }).start();
      const tab = async (line: string, expected: RegExp, presses = 2) => {
        tmux.keys('C-u');
        tmux.type(line);
        for (let i = 0; i < presses; i++) tmux.keys('Tab');
        await tmux.waitFor(expected);
        tmux.keys('C-c');
        tmux.keys('C-l');
      };
      try {
        await new Promise((r) => setTimeout(r, 300));
        await tab('calctl eve', /calctl events\s*$/m, 1);
        await tab('calctl events ', /create[\s\S]*delete/);
        await tab('calctl events list --stat', /calctl events list --status\s*$/m, 1);
        await tab('calctl --profile ', /demo[\s\S]*local/);
        // live ids from the local calendar, with titles where the shell shows descriptions
        await tab('calctl events get ', shell === 'bash' ? /^3\s+4\s*$/m : /3[^\n]*Reference Concert/);
      } finally {
        tmux.kill();
      }
    },
    60_000,
  );
});
