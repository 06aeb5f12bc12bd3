/** A real embedded server in a temp dir, and a client for it, per test file. */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '../../src/api/index.js';
import { startServer } from '../../src/server/start.js';

export interface TestSite {
  dir: string;
  api: ApiClient;
  baseUrl: string;
  password: string;
  close(): Promise<void>;
  /** writes a file in the temp dir and returns its path */
  file(name: string, content: string | Buffer): Promise<string>;
}

/** Starts a server on port 0 with a fresh data dir. */
export async function startSite(): Promise<TestSite> {
  const dir = await mkdtemp(join(tmpdir(), 'calctl-csv-'));
  const password = 'test-pass-1234';
  const server = await startServer({ dataDir: join(dir, 'data'), port: 0, adminPassword: password });
  const api = createApiClient({ baseUrl: server.baseUrl, auth: { type: 'basic', user: 'admin', password } });
  return {
    dir,
    api,
    baseUrl: server.baseUrl,
    password,
    async close() {
      await api.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
    async file(name, content) {
      const path = join(dir, name);
      await writeFile(path, content);
      return path;
    },
  };
}

import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResourceName } from '../../src/catalog/index.js';
import { getResource } from '../../src/catalog/index.js';
import { type ImportOptions, runImport } from '../../src/import/import.js';
import { openSource } from '../../src/import/read.js';

/** Path of a fixture under test/fixtures/csv. */
let fixtureCopies: string | undefined;

/**
 * A fixture file, copied into a temp dir first: an import writes its checkpoint beside its input, and
 * the committed fixtures must stay untouched.
 */
export const fixture = (name: string): string => {
  fixtureCopies ??= mkdtempSync(join(tmpdir(), 'calctl-fixtures-'));
  const copy = join(fixtureCopies, name);
  copyFileSync(fileURLToPath(new URL(`../fixtures/csv/${name}`, import.meta.url)), copy);
  return copy;
};

/** Imports a file through the pipeline (CSV unless the options say otherwise). */
export async function importPath(
  site: TestSite,
  resource: ResourceName,
  path: string,
  opts: Partial<ImportOptions> & { format?: 'csv' | 'ndjson' | 'json' } = {},
) {
  const { format = 'csv', ...rest } = opts;
  const source = await openSource(createReadStream(path), format);
  return runImport({ api: site.api, resource: getResource(resource), source, ...rest });
}

/** A record read loosely in assertions (the API's JSON). */
// biome-ignore lint/suspicious/noExplicitAny: records are asserted field by field
export type Loose = any;

/** Every record of a resource (all dates, drafts too). */
export async function listAll(site: TestSite, resource: ResourceName): Promise<Loose[]> {
  const { paginate, collect } = await import('../../src/api/index.js');
  const { everythingQuery } = await import('../../src/catalog/index.js');
  return collect(paginate(site.api, `/${resource}`, everythingQuery(getResource(resource)), resource));
}

import { type ChildProcess, spawn } from 'node:child_process';
import { runCli } from '../helpers/cli.js';
import {
  CALCTL,
  isolatedEnv,
  SERVE_PASSWORD,
  serveAvailable,
  spawnServe,
  stopAllServes,
} from '../helpers/spawn-serve.js';

export { serveAvailable, stopAllServes };

/** A real `calctl serve` on 127.0.0.1:0 and the built CLI pointed at it (needs `npm run build`). */
export interface ServedSite {
  dir: string;
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  /** runs `calctl <args>` to completion in `dir` */
  run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** starts `calctl <args>` in `dir` without waiting (stdout/stderr collected) */
  start(args: string[]): {
    child: ChildProcess;
    stdout(): string;
    stderr(): string;
    exited: Promise<number | null>;
  };
  /** writes a file in `dir` and returns its path */
  file(name: string, content: string | Buffer): Promise<string>;
  /** every event (all dates, drafts too), through `calctl export events -o json` */
  events(): Promise<Loose[]>;
  /** how many events the server holds, asked over HTTP */
  eventCount(): Promise<number>;
  close(): Promise<void>;
}

/** Spawns `calctl serve` with a fresh data dir. */
export async function serveSite(): Promise<ServedSite> {
  const dir = await mkdtemp(join(tmpdir(), 'calctl-csv-serve-'));
  const serve = await spawnServe({ dataDir: join(dir, 'data') });
  const env = isolatedEnv({ CALCTL_URL: serve.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD });
  const auth = `Basic ${Buffer.from(`admin:${SERVE_PASSWORD}`).toString('base64')}`;
  const site: ServedSite = {
    dir,
    baseUrl: serve.baseUrl,
    env,
    run: (args) => runCli(args, { env, cwd: dir, timeoutMs: 60_000 }),
    start(args) {
      const child = spawn(process.execPath, [CALCTL, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
      });
      const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
      return { child, stdout: () => out, stderr: () => err, exited };
    },
    async file(name, content) {
      const path = join(dir, name);
      await writeFile(path, content);
      return path;
    },
    async events() {
      const res = await runCli(['export', 'events', '-o', 'json'], { env, cwd: dir, timeoutMs: 60_000 });
      if (res.code !== 0) throw new Error(`export failed (${res.code}): ${res.stderr}`);
      return JSON.parse(res.stdout) as Loose[];
    },
    async eventCount() {
      const url = `${serve.baseUrl}/events?per_page=1&status=publish,future,draft,pending,private&start_date=1900-01-01&end_date=2100-12-31`;
      const res = await fetch(url, { headers: { authorization: auth } });
      const body = (await res.json()) as { total?: number };
      return Number(body.total ?? 0);
    },
    async close() {
      await serve.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return site;
}
