/**
 * Failed writes on stdout: a reader that goes away (`| head -1`, EPIPE) ends the run quietly with
 * exit 0; a full disk (`> /dev/full`, ENOSPC) is one plain line on stderr (plus the JSON error line
 * with -o json) and exit 1, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { cliEnv, siteEnv, tempHome } from '../helpers/cli.js';

const BIN = resolve(import.meta.dirname, '../../bin/calctl');
let server: TestServer;
let home: string;

const childEnv = (): Record<string, string> => ({ ...cliEnv(home), ...siteEnv(server) });

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the CLI with stdout going to `fd`, or to a pipe closed after the first chunk. */
function runWithStdout(args: string[], stdout: number | 'close-early'): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv(),
      stdio: ['ignore', stdout === 'close-early' ? 'pipe' : stdout, 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    // The reader leaves after the first chunk, as `head -1` does.
    child.stdout?.once('data', () => child.stdout?.destroy());
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`calctl ${args.join(' ')} timed out; stderr: ${stderr}`));
    }, 30_000);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stderr });
    });
  });
}

beforeAll(async () => {
  server = await startApi();
  home = tempHome();
  // About 300 kB of JSON: far more than a pipe holds, over many pages.
  const description = `<p>${'A long description that makes every record big. '.repeat(80)}</p>`;
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      apiRequest(server, 'POST', '/events', {
        title: `Write ${i}`,
        description,
        start_date: '2027-06-01 10:00:00',
        end_date: '2027-06-01 11:00:00',
      }),
    ),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('a closed pipe (EPIPE)', () => {
  it.each([
    [['events', 'list', '--all', '--per-page', '5', '-o', 'ndjson']],
    [['events', 'list', '--all', '--per-page', '5', '-o', 'json']],
    [['api', 'GET', '/events', '-f', 'per_page=5', '--paginate', '-o', 'ndjson']],
    [['doc']],
  ])('%j ends quietly with exit 0', async (args) => {
    const res = await runWithStdout(args, 'close-early');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
  });
});

describe.skipIf(!existsSync('/dev/full'))('a full disk (ENOSPC)', () => {
  const toFull = async (args: string[]) => {
    const fd = openSync('/dev/full', 'w');
    try {
      return await runWithStdout(args, fd);
    } finally {
      closeSync(fd);
    }
  };
  const plain = 'calctl: cannot write the output: no space left on device (ENOSPC)';

  it('-o json: one plain line and the JSON error line, exit 1, no stack trace', async () => {
    const res = await toFull(['events', 'list', '-o', 'json']);
    expect(res.code).toBe(1);
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(plain);
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      error: { code: 'write-failed', message: plain.replace('calctl: ', ''), status: null },
    });
  });

  it.each([
    [['events', 'list', '--all', '--per-page', '5', '-o', 'csv']],
    [['events', 'list', '-o', 'yaml']],
    [['events', 'list', '-o', 'table']],
    [['api', 'GET', '/events', '-o', 'yaml']],
    [['api', 'GET', '/events', '--paginate', '-o', 'ids']],
    [['doc', '-o', 'yaml']],
  ])('%j: one plain line, exit 1', async (args) => {
    const res = await toFull(args);
    expect(res.stderr).toBe(`${plain}\n`);
    expect(res.code).toBe(1);
  });
});
