/**
 * Edges a new user met on the everyday path, through the built CLI: a `;`-separated CSV, a bad time
 * reported against its own column, `calctl serve` on a taken port, and the bulk defaults that help
 * states (from the same constants the code uses).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CONCURRENCY } from '../../src/export/defaults.js';
import { IMPORT_CONCURRENCY } from '../../src/import/defaults.js';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const dir = mkdtempSync(join(tmpdir(), 'calctl-edges-'));
const cli = (args: string[]) => runCli(args, { env, home });
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
});
afterAll(async () => {
  await server?.close();
});

describe('CSV delimiters', () => {
  it('reads a ;-separated file without --delimiter, and says so', async () => {
    const path = file(
      'semi.csv',
      'Event Name;Event Start Date;Event Start Time;Event Cost\nSemi one;2027-09-01;19:00;5,50\nSemi two;2027-09-02;19:00;7\n',
    );
    const r = await cli(['import', 'events', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 2, rejected: 0 });
    expect(r.stderr).toContain('";"-separated');
  });

  it('reads tab- and |-separated files too, and a comma file as before', async () => {
    for (const [name, sep] of [
      ['tab.csv', '\t'],
      ['pipe.csv', '|'],
      ['comma.csv', ','],
    ] as const) {
      const path = file(
        name,
        `title${sep}start_date${sep}end_date\nSep ${name}${sep}2027-09-03 10:00${sep}2027-09-03 11:00\n`,
      );
      const r = await cli(['import', 'events', path, '-o', 'json']);
      expect({ name, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
      expect(r.json()).toMatchObject({ created: 1 });
    }
  });
});

describe('bad values name their own column', () => {
  it('a bad time in "Event Start Time" is reported against that column, not the date', async () => {
    const path = file('time.csv', 'Event Name,Event Start Date,Event Start Time\nLate,2027-09-04,25:00\n');
    const r = await cli(['import', 'events', path]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('column "Event Start Time"');
    expect(r.stderr).toContain('"25:00"');
  });
});

describe('calctl serve on a taken port', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => taken.close(() => r()));
  });

  it('says which port, suggests --port 0, exits 2 and creates nothing', async () => {
    const data = join(dir, 'never-created');
    const r = await runCli(['serve', '--port', String(port), '--data', data], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`port ${port}`);
    expect(r.stderr).toContain('--port 0');
    expect(r.stdout).toBe('');
    const { existsSync } = await import('node:fs');
    expect(existsSync(data)).toBe(false);
  });
});

describe('facts that help states', () => {
  it('calctl help csv and the --help pages give the defaults the code uses', async () => {
    const help = (await cli(['help', 'csv'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`default ${IMPORT_CONCURRENCY};`);
    expect(help).toContain(`default ${EXPORT_CONCURRENCY})`);
    const imp = (await cli(['import', '--help'])).stdout + (await cli(['import', 'events', '--help'])).stdout;
    expect(imp.replace(/\s+/g, ' ')).toMatch(new RegExp(`--concurrency <n>.*default: ${IMPORT_CONCURRENCY}\\)`));
    const exp = (await cli(['export', 'events', '--help'])).stdout;
    expect(exp.replace(/\s+/g, ' ')).toMatch(new RegExp(`--concurrency <n>.*default: ${EXPORT_CONCURRENCY}\\)`));
  });
});
