/** Commands about the site itself rather than one resource: api, info, doc, serve. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_LOCALE, LOCALES, ROLE_NAMES } from '../../catalog/index.js';
import { addDataDirOption } from '../data-dir.js';
import type { RegisterCommands } from '../types.js';
import type {
  ApiOptions,
  DataDirOptions,
  ServeOptions,
  ServeUserAddOptions,
  ServeUserRemoveOptions,
} from './options.js';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number (0-65535).');
  return n;
}

function parsePositive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number above 0.');
  return n;
}

/** Adds `api`, `info`, `doc` and `serve`. */
export const registerSiteCommands: RegisterCommands = (program, deps) => {
  program
    .command('api')
    .description('send a raw request to the namespace (like gh api): calctl api GET /events -f per_page=5')
    .argument('<method>', 'GET, POST, PUT, PATCH, DELETE')
    .argument('<path>', 'path under the namespace (/events/9), or /wp-json/… for any route of the site')
    .option(
      '-f, --raw-field <key=value>',
      'a string parameter (query for GET/DELETE, body otherwise); repeatable',
      collect,
    )
    .option(
      '-F, --field-typed <key=value>',
      'a typed parameter: true/false/null/numbers, @file for file contents',
      collect,
    )
    .option('--data <json|@file|->', 'the JSON body (fields are merged on top)')
    .option('-H, --header <name:value>', 'an extra request header; repeatable', collect)
    .option(
      '--paginate',
      'follow every page of a list and print its records (one JSON array; one per line with -o ndjson; also yaml, ids, count)',
    )
    .action(async (method: string, path: string, opts: ApiOptions) => {
      const { runApi } = await import('./api.js');
      await runApi(deps.runtime(), method, path, opts);
    });

  program
    .command('info')
    .description('show the namespace root (routes and their parameters)')
    .action(async () => {
      const { showInfo } = await import('./api.js');
      await showInfo(deps.runtime(), '');
    });

  program
    .command('doc')
    .description('print the OpenAPI document of the site (/doc)')
    .action(async () => {
      const { showInfo } = await import('./api.js');
      await showInfo(deps.runtime(), '/doc');
    });

  const serveCommand = program
    .command('serve')
    .description('run the embedded calendar server for other clients (stops on Ctrl-C)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', parsePort, 8080);
  addDataDirOption(serveCommand, 'data directory (default: the local calendar of calctl)');
  serveCommand
    .option('--per-page <n>', 'default page size of lists', parsePositive, 10)
    .addOption(
      new Option('--permalinks <style>', 'where the REST API lives: pretty (/wp-json/) or plain (/?rest_route=/ only)')
        .choices(['pretty', 'plain'])
        .default('pretty'),
    )
    .option('--base-path <path>', 'play WordPress installed in this folder (/blog: REST at /blog/wp-json/)')
    .addOption(
      new Option('--locale <locale>', "the site's language: the language of the routes' descriptions")
        .choices([...LOCALES])
        .default(DEFAULT_LOCALE),
    )
    .option(
      '--batch-plugin-routes',
      "let /batch/v1 run the plugin's tribe/events/v1 routes (a stock site refuses them: rest_batch_not_allowed)",
    )
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'private key of --tls-cert (PEM)')
    .addHelpText(
      'after',
      '\n--vendor and --timezone (global options) set the namespace vendor and the site zone (default UTC);' +
        "\n--date-format (global) sets the site's date format (default: its language's, F j, Y in English)." +
        '\nWith --permalinks, --base-path, --per-page and --locale they play a kind of deployment (docs/server.md).',
    )
    .action(async (opts: ServeOptions) => {
      const { serve } = await import('./serve.js');
      await serve(deps.runtime(), opts);
    });
  registerServeUsers(serveCommand, deps);
};

/**
 * `serve users add|list|remove`: who may sign in to the data dir `calctl serve` serves, and with which
 * role. `--data-dir` is taken after `serve` or after the subcommand (cli/program.ts hands it down).
 */
function registerServeUsers(serve: Command, deps: Parameters<RegisterCommands>[1]): void {
  const users = serve.command('users').description('the users of the data dir, each with a WordPress role');
  const where = 'data directory (default: the local calendar of calctl)';
  const add = users
    .command('add')
    .description('add a user with a role and an application password (written to a file only you can read)')
    .argument('<username>', 'the login')
    .option('--role <role>', `one of: ${ROLE_NAMES.join(', ')}`, 'subscriber')
    .option('--email <address>', 'its e-mail address (default: USERNAME@localhost)')
    .option('--password-file <file>', 'where to write the application password (default: USERNAME.app-password)')
    .option('--app-name <name>', 'the name of the application password', 'calctl');
  addDataDirOption(add, where).action(async (username: string, opts: ServeUserAddOptions) => {
    const { addServeUser } = await import('./serve-users.js');
    await addServeUser(deps.runtime(), username, opts);
  });
  const list = users.command('list').description('list the users (one JSON object a line)');
  addDataDirOption(list, where).action(async (opts: DataDirOptions) => {
    const { listServeUsers } = await import('./serve-users.js');
    await listServeUsers(deps.runtime(), opts);
  });
  const remove = users
    .command('remove')
    .description('remove a user and its application passwords; its events go to another user')
    .argument('<username>', 'the login')
    .option('--reassign <id>', 'the user who gets its posts', parsePositive, 1);
  addDataDirOption(remove, where).action(async (username: string, opts: ServeUserRemoveOptions) => {
    const { removeServeUser } = await import('./serve-users.js');
    await removeServeUser(deps.runtime(), username, opts);
  });
}
