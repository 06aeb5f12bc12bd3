/** Commands about the site itself rather than one resource: api, info, doc, serve. */
import { InvalidArgumentError } from 'commander';
import { addDataDirOption } from '../data-dir.js';
import type { RegisterCommands } from '../types.js';

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
    .action(async (method: string, path: string, opts: Record<string, unknown>) => {
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
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'private key of --tls-cert (PEM)')
    .addHelpText(
      'after',
      '\n--vendor and --timezone (global options) set the namespace vendor and the site zone (default UTC).',
    )
    .action(async (opts: Record<string, unknown>) => {
      const { serve } = await import('./serve.js');
      await serve(deps.runtime(), opts);
    });
};
