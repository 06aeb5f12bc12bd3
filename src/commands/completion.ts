/**
 * `calctl completion bash|zsh|fish` prints a completion script generated from the command tree;
 * the hidden `calctl __complete <kind> …` prints live values for those scripts, and the hidden
 * `calctl __man` prints the man page (scripts/gen-completions.mjs writes both into the package).
 */
import type { Command } from 'commander';
import { printText } from '../output/stdout.js';
import type { CommandDeps, RegisterCommands } from './types.js';

/** Shells `calctl completion` writes scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** The full tree (with the lazily registered commands such as import/export) as a model. */
async function programModel(deps: CommandDeps) {
  const { buildModel } = await import('../completion/model.js');
  if (!deps.wholeProgram) throw new Error('the command tree is not available to this command');
  return buildModel(await deps.wholeProgram());
}

/** Adds `completion` and the hidden `__man`. */
export const registerCompletionCommand: RegisterCommands = (program, deps) => {
  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish (see the README to install it)')
    .argument('<shell>', 'bash, zsh or fish')
    .action(async (shell: string) => {
      const { UsageError } = await import('../errors/index.js');
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw new UsageError(`no completion for "${shell}"`, `use one of: ${SHELLS.join(', ')}`, 'bad-shell');
      }
      const model = await programModel(deps);
      const generators = {
        bash: async () => (await import('../completion/bash.js')).bashScript(model),
        zsh: async () => (await import('../completion/zsh.js')).zshScript(model),
        fish: async () => (await import('../completion/fish.js')).fishScript(model),
      };
      printText(deps.ctx, await generators[shell as (typeof SHELLS)[number]]());
    });
  program
    .command('__man', { hidden: true })
    .description('print the man page (roff)')
    .action(async () => {
      const { manPage } = await import('../completion/man.js');
      printText(deps.ctx, manPage(await programModel(deps)));
    });
};

/** Adds the hidden `__complete <kind> [args…]` (kinds: ids, slugs, profiles, timezones). */
export const registerCompleteCommand: RegisterCommands = (program, deps) => {
  program
    .command('__complete', { hidden: true })
    .description('live completion values: value<TAB>description per line; silent on failure')
    .argument('[args...]')
    .allowUnknownOption()
    .action(async (args: string[], _opts: unknown, _command: Command) => {
      try {
        const { completeValues, completeTimeout, formatCandidates } = await import('./complete-values.js');
        const found = await completeValues(deps.runtime(), args, completeTimeout(deps.ctx.env));
        if (found.length > 0) printText(deps.ctx, `${formatCandidates(found)}\n`);
      } catch {
        // a Tab press never shows errors
      }
    });
};
