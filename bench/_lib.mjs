// Shared bench helpers: spawn `calctl serve`, run autocannon, format figures.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PASSWORD = 'bench pass word 0001';
export const authHeader = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

/** Starts `calctl serve` on a free port; resolves with its base URL and a stop function. */
export function serve(dataDir, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(' ') : []),
        join(root, 'bin/calctl'),
        'serve',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        ...extra,
      ],
      {
        env: { ...process.env, CALCTL_ADMIN_PASSWORD: PASSWORD },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(https?:\/\/\S+)/.exec(out);
      if (m) resolve({ baseUrl: m[1].replace(/\/$/, ''), child, stop: () => stopChild(child) });
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => reject(new Error(`calctl serve exited ${code}: ${err}`)));
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A bare node:http server answering fixed bytes: the ceiling of what any server can do here. */
export function bareServer(body, headers) {
  const buf = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': buf.length });
    res.end(buf);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}

/** Runs autocannon and returns req/s, p50 and p99 latency (ms) and the error count. */
export async function load(opts) {
  const result = await autocannon({ connections: 4, duration: Number(process.env.BENCH_SECONDS ?? 5), ...opts });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    mean: result.latency.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : String(n));
