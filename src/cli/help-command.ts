/** `calctl help [topic | command…]`: topics from help-topics.ts, else a command's --help. */
import type { Command } from 'commander';
import type { RegisterCommands } from '../commands/types.js';
import { HELP_TOPICS } from '../completion/help-topics.js';
import { UsageError } from '../errors/index.js';
import { printText } from '../output/stdout.js';

function findCommand(root: Command, path: readonly string[]): Command | undefined {
  let current: Command | undefined = root;
  for (const word of path) {
    current = current?.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!current) return undefined;
  }
  return current;
}

/** Adds `help`. */
export const registerHelpCommand: RegisterCommands = (program, deps) => {
  program
    .command('help')
    .description(`help on a command or a topic (${Object.keys(HELP_TOPICS).join(', ')})`)
    .argument('[words...]', 'a topic, or a command such as "events list"')
    .action(async (words: string[]) => {
      const out = { write: (text: string) => printText(deps.ctx, text) };
      if (words.length === 0) {
        program.outputHelp();
        out.write('\nHelp topics (calctl help TOPIC):\n');
        for (const [name, topic] of Object.entries(HELP_TOPICS)) out.write(`  ${name.padEnd(12)} ${topic.summary}\n`);
        return;
      }
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic) {
        out.write(`${(await topic.text()).replace(/\n?$/, '\n')}`);
        return;
      }
      const command = findCommand(program, words);
      if (command) {
        command.outputHelp();
        return;
      }
      const { closest } = await import('../output/index.js');
      const names = [...Object.keys(HELP_TOPICS), ...program.commands.map((c) => c.name())];
      const guess = closest(words[0] ?? '', names);
      throw new UsageError(
        `no help topic or command "${words.join(' ')}"`,
        guess ? `did you mean "${guess}"?` : `topics: ${Object.keys(HELP_TOPICS).join(', ')}`,
        'unknown-topic',
      );
    });
};
