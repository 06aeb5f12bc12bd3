/**
 * The embedded server listening in this process on 127.0.0.1:0, with a temp data dir, reached over
 * real HTTP. The same interface as the in-process core (test/helpers/core.ts), which a test uses unless
 * the socket is its point: fastify's own work (body limits, parsing, HEAD and keep-alive on the wire,
 * the uploaded files), TLS, another process (the CLI over HTTP, a child reading the same site).
 * One server per test file: `const api = await startApi()` in beforeAll, `await api.stop()` in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, type Api, requester } from './core.js';

export {
  ADMIN_PASSWORD,
  type Api,
  type ApiResponse,
  basic,
  day,
  ev,
  ids,
  type QueryValue,
  type ReqOptions,
  uniq,
} from './core.js';

/** A listening server: the request interface, and what a CLI or another process needs to reach it. */
export interface TestServer extends Api {
  server: RunningServer;
  /** scheme://host:port (the same as `origin`) */
  url: string;
  /** the namespace's full URL (the same as `base`): what `CALCTL_URL` takes */
  baseUrl: string;
  user: string;
  password: string;
  /** stops the server and removes the data dir it made (the same as `stop`) */
  close(): Promise<void>;
}

/** Starts the server on a port of its own; `stop()` (or `close()`) stops it and removes the data dir it made. */
export async function startApi(opts: Partial<StartOptions> = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'calctl-server-test-'));
  const password = opts.adminPassword ?? ADMIN_PASSWORD;
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    perPage: 10,
    timezone: 'UTC',
    ...opts,
    adminPassword: password,
    dataDir,
  });
  const stop = async () => {
    await server.close();
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    server,
    dataDir,
    stores: server.stores,
    base: server.baseUrl,
    baseUrl: server.baseUrl,
    origin: server.origin,
    url: server.origin,
    user: 'admin',
    password,
    passwordFile: server.passwordFile,
    ...requester(fetch, server.origin, server.baseUrl, password),
    fetch: (input, init) => fetch(input, init),
    stop,
    close: stop,
  };
}

/** Sends one authenticated JSON request to the server (seeding and checks without the CLI). */
export async function apiRequest<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${server.user}:${server.password}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
