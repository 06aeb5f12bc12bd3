/**
 * `calctl serve --tls-cert/--tls-key`: HTTPS with a self-signed certificate made by openssl; calctl
 * refuses that certificate unless --insecure; a swapped pair is a usage error before listening.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, toolAvailable } from '../helpers/cli.js';
import {
  isolatedEnv,
  SERVE_PASSWORD,
  type ServeProcess,
  serveAvailable,
  spawnServe,
  stopAllServes,
} from '../helpers/spawn-serve.js';

const hasOpenssl = toolAvailable('openssl', ['version']);

const dir = mkdtempSync(join(tmpdir(), 'calctl-tls-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
let server: ServeProcess;

describe.skipIf(!hasOpenssl || !serveAvailable())('serve over HTTPS', () => {
  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-days',
        '2',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    server = await spawnServe({
      dataDir: join(dir, 'data'),
      args: ['--tls-cert', cert, '--tls-key', key],
      env: isolatedEnv({ CALCTL_ADMIN_PASSWORD: SERVE_PASSWORD }),
    });
  }, 60_000);
  afterAll(async () => {
    await stopAllServes();
  });

  it('prints an https URL; calctl refuses the self-signed certificate unless --insecure (which warns)', async () => {
    expect(server.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1$/);
    const env = isolatedEnv({ CALCTL_URL: server.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD });
    const refused = await runCli(['tags', 'list', '-o', 'json'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/certificate/i);
    const insecure = await runCli(['tags', 'list', '--hide-empty=false', '-o', 'json', '--insecure'], { env });
    expect(insecure.code, insecure.stderr).toBe(0);
    expect(JSON.parse(insecure.stdout)).toEqual([]);
    expect(insecure.stderr).toMatch(/warning: --insecure/);
  });

  it('a swapped certificate and key is a usage error before listening', async () => {
    const r = await runCli([
      'serve',
      '--port',
      '0',
      '--data',
      join(dir, 'other'),
      '--tls-cert',
      key,
      '--tls-key',
      cert,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--tls-cert: .* is not a PEM certificate/);
    expect(r.stderr).not.toMatch(/PEM routines/);
  });
});
