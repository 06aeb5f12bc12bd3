/** `calctl profile add|list|show|use|remove|test`. */
import { InvalidArgumentError } from 'commander';
import { importWithoutSignalHooks } from '../../config/lazy.js';
import type { RegisterCommands } from '../types.js';
import type { ProfileAddOptions } from './actions.js';

function parsePositive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number above 0.');
  return n;
}

// The actions use src/config, whose dependencies would hook SIGINT/SIGTERM (see config-module.ts).
const actions = () => importWithoutSignalHooks(() => import('./actions.js'));

/** Adds the profile commands (their actions load ./actions.js). */
export const registerProfileCommands: RegisterCommands = (program, deps) => {
  const rt = () => deps.runtime();
  const profile = program.command('profile').description('stored sites and credentials (see: calctl help profiles)');
  profile
    .command('add')
    .description(
      'add or replace a profile: --url, --user, --password-stdin|--token-stdin (prompts on a terminal); tests it before saving',
    )
    .argument('[name]', 'profile name (letters, digits, _ . -); asked for on a terminal when left out')
    .option('--token-stdin', 'read a bearer token from stdin')
    .option('--per-page <n>', 'default page size of lists for this profile', parsePositive)
    .option('--default', 'make it the default profile')
    .option('--no-test', 'save without testing the connection')
    .addHelpText(
      'after',
      '\nThe global --url, --user, --password-stdin, --vendor and -o/--output set the profile values.\n' +
        'Example: printf %s "$APP_PASSWORD" | calctl profile add prod --url https://example.org --user admin --password-stdin',
    )
    .action(async (name: string | undefined, opts: ProfileAddOptions) => {
      const { addProfile } = await actions();
      await addProfile(rt(), name, opts);
    });
  profile
    .command('list')
    .alias('ls')
    .description('list the stored profiles (secrets are never shown)')
    .action(async () => {
      const { listProfilesCommand } = await actions();
      await listProfilesCommand(rt());
    });
  profile
    .command('show')
    .description('show one profile (default: the one in use), secrets masked')
    .argument('[name]')
    .action(async (name: string | undefined) => {
      const { showProfile } = await actions();
      await showProfile(rt(), name);
    });
  profile
    .command('use')
    .description('make a profile the default ("local" = the built-in calendar)')
    .argument('<name>')
    .action(async (name: string) => {
      const { useProfile } = await actions();
      await useProfile(rt(), name);
    });
  profile
    .command('remove')
    .alias('rm')
    .description('remove a profile and its secrets')
    .argument('<name>')
    .action(async (name: string) => {
      const { removeProfileCommand } = await actions();
      await removeProfileCommand(rt(), name);
    });
  profile
    .command('test')
    .description('check reachability, the namespace and the credentials (exit 1 or 4 on failure)')
    .argument('[name]', 'profile to test (default: the one in use)')
    .action(async (name: string | undefined) => {
      const { testProfileCommand } = await actions();
      await testProfileCommand(rt(), name);
    });
};
