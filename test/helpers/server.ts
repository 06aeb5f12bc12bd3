/** A real embedded server on 127.0.0.1, port 0, in a fresh temp data dir (one per test file). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/server/start.js';

/** What a test needs to reach the server. */
export interface TestServer {
  /** scheme://host:port */
  url: string;
  /** full namespace URL */
  baseUrl: string;
  user: string;
  password: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the server; `close()` stops it and removes the data dir. */
export async function startTestServer(
  opts: { perPage?: number; timezone?: string; dateFormat?: string; locale?: string } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'calctl-srv-'));
  const password = 'test pass word 1234 abcd';
  const server = await startServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    adminPassword: password,
    ...(opts.perPage ? { perPage: opts.perPage } : {}),
    ...(opts.timezone ? { timezone: opts.timezone } : {}),
    ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  return {
    url: server.origin,
    baseUrl: server.baseUrl,
    user: 'admin',
    password,
    dataDir,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
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
