/**
 * HTTPS with a certificate from a private certificate authority (the usual staging site): a CA and a
 * site certificate signed by it are made here with openssl, `calctl serve` answers with the site
 * certificate, and calctl trusts it only through the documented ways, `--ca-file` (also kept in a
 * profile) and NODE_EXTRA_CA_CERTS; verification is never turned off (another CA is still refused).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, toolAvailable } from '../helpers/cli.js';
import {
  isolatedEnv,
  SERVE_PASSWORD,
  type ServeProcess,
  serveAvailable,
  spawnServe,
  stopAllServes,
} from '../helpers/spawn-serve.js';

const hasOpenssl = toolAvailable('openssl', ['version']);
const dir = mkdtempSync(join(tmpdir(), 'calctl-ca-'));
const file = (name: string) => join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', cwd: dir });

/** A CA certificate and key (`<name>.pem`, `<name>.key`). */
function makeCa(name: string): void {
  openssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name}`],
    ...['-keyout', file(`${name}.key`), '-out', file(`${name}.pem`)],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  );
}

let server: ServeProcess;
let origin: string;

describe.skipIf(!hasOpenssl || !serveAvailable())('a site whose certificate comes from a private CA', () => {
  beforeAll(async () => {
    makeCa('staging-ca');
    makeCa('other-ca');
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      file('site.key'),
      '-out',
      file('site.csr'),
    );
    writeFileSync(
      file('site.ext'),
      'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    openssl(
      ...['x509', '-req', '-in', file('site.csr'), '-CA', file('staging-ca.pem'), '-CAkey', file('staging-ca.key')],
      ...['-CAcreateserial', '-days', '2', '-extfile', file('site.ext'), '-out', file('site.pem')],
    );
    server = await spawnServe({
      dataDir: file('data'),
      args: ['--tls-cert', file('site.pem'), '--tls-key', file('site.key')],
      env: isolatedEnv({ CALCTL_ADMIN_PASSWORD: SERVE_PASSWORD }),
    });
    origin = new URL(server.baseUrl).origin;
  }, 60_000);
  afterAll(async () => {
    await stopAllServes();
  });

  const site = (extra: Record<string, string> = {}) =>
    isolatedEnv({ CALCTL_URL: origin, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD, ...extra });
  const tags = ['tags', 'list', '--hide-empty=false', '-o', 'json'];

  it('is refused without its CA, with a hint naming --ca-file; another CA does not help', async () => {
    const refused = await runCli(tags, { env: site() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/certificate/i);
    expect(refused.stderr).toMatch(/--ca-file/);
    const other = await runCli([...tags, '--ca-file', file('other-ca.pem')], { env: site() });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/certificate/i);
  });

  it('--ca-file trusts it for one command (discovery of the site root included)', async () => {
    const r = await runCli([...tags, '--ca-file', file('staging-ca.pem'), '--verbose'], { env: site() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.stderr).toContain(`site ${origin}/wp-json/tribe/events/v1`);
    expect(r.stderr).not.toMatch(/insecure/);
  });

  it('NODE_EXTRA_CA_CERTS trusts it too', async () => {
    // (spawned: Node reads NODE_EXTRA_CA_CERTS from the process's environment when it starts)
    const r = await spawnCli(tags, { env: site({ NODE_EXTRA_CA_CERTS: file('staging-ca.pem') }) });
    expect(r.code, r.stderr).toBe(0);
  });

  it('profile add --ca-file checks the site through it and keeps it for every later command', async () => {
    const env = isolatedEnv();
    const added = await runCli(
      [
        'profile',
        'add',
        'staging',
        '--url',
        origin,
        '--user',
        'admin',
        '--password-stdin',
        '--ca-file',
        file('staging-ca.pem'),
      ],
      { env, input: SERVE_PASSWORD },
    );
    expect(added.code, added.stderr).toBe(0);
    const shown = await runCli(['profile', 'show', 'staging', '-o', 'json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ caFile: file('staging-ca.pem') });
    const listed = await runCli(['@staging', ...tags], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const tested = await runCli(['profile', 'test', 'staging'], { env });
    expect(tested.code, tested.stderr).toBe(0);
    // the profile's CA is for its site: a command for another URL does not carry it
    const elsewhere = await runCli(['@staging', '--url', `${origin}/wp-json`, ...tags], { env });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(/certificate/i);
  });

  it('a CA file that cannot be read or holds no certificate is a usage error (exit 2)', async () => {
    const missing = await runCli([...tags, '--ca-file', file('nope.pem')], { env: site() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--ca-file .*nope\.pem: cannot read it/);
    const key = await runCli([...tags, '--ca-file', file('site.key')], { env: site() });
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/no certificate in it/);
    const env = isolatedEnv();
    const notSaved = await runCli(
      ['profile', 'add', 'bad', '--url', origin, '--no-test', '--ca-file', file('site.key')],
      { env },
    );
    expect(notSaved.code).toBe(2);
    expect((await runCli(['profile', 'list', '-o', 'json'], { env })).stdout.trim()).toBe('[]');
  });
});
