/**
 * The launcher compiles dist/ with V8's code cache (bin/calctl.cjs): made on a first run, used on
 * the next, made again when V8 refuses it (here: a damaged file), never in the way of the command,
 * and off with NODE_DISABLE_COMPILE_CACHE. Through the built CLI.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli, tempHome } from '../helpers/cli.js';
import { isolatedEnv, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

const cacheFiles = (home: string): string[] => {
  const root = join(home, 'cache', 'calctl', 'v8');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((build) => readdirSync(join(root, build)).map((f) => join(root, build, f)));
};

// (spawned: the launcher's start-up is what is tested)
describe('the code cache of the launcher', () => {
  afterAll(stopAllServes);

  it('is made by a first run, used by the next, and made again when damaged', async () => {
    const home = tempHome();
    const env = { XDG_CACHE_HOME: join(home, 'cache') };
    const first = await spawnCli(['--help'], { home, env });
    expect(first.code, first.stderr).toBe(0);
    const files = cacheFiles(home);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.endsWith('.js.bin'))).toBe(true);

    const second = await spawnCli(['--help'], { home, env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);

    for (const f of files) writeFileSync(f, 'not a code cache');
    const damaged = await spawnCli(['--help'], { home, env });
    expect(damaged.code, damaged.stderr).toBe(0);
    expect(damaged.stdout).toBe(first.stdout);
    expect(cacheFiles(home).length).toBe(files.length);
    expect(files.filter((f) => readFileSync(f, 'utf8') === 'not a code cache')).toEqual([]);
  });

  it('is not made with NODE_DISABLE_COMPILE_CACHE', async () => {
    const home = tempHome();
    const r = await spawnCli(['--help'], {
      home,
      env: { XDG_CACHE_HOME: join(home, 'cache'), NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(cacheFiles(home)).toEqual([]);
  });

  it('is made and used by `serve`, which sets its heap flags at once, in a folder beside the others', async () => {
    const home = tempHome();
    const env = { XDG_CACHE_HOME: join(home, 'cache') };
    const root = join(home, 'cache', 'calctl', 'v8');
    const help = await spawnCli(['--help'], { home, env });
    expect(help.code, help.stderr).toBe(0);
    const [plain] = readdirSync(root);
    const serveOnce = async () => {
      const server = await spawnServe({
        dataDir: mkdtempSync(join(tmpdir(), 'calctl-cache-serve-')),
        env: isolatedEnv({ XDG_CACHE_HOME: join(home, 'cache') }),
      });
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    };
    await serveOnce();
    expect(readdirSync(root).sort()).toEqual([plain, `${plain}-serve`]);
    const made = readdirSync(join(root, `${plain}-serve`)).map((f) => join(root, `${plain}-serve`, f));
    // the server's own chunks are among them (fastify's among them: the bulk of a start)
    expect(made.length).toBeGreaterThan(readdirSync(join(root, plain as string)).length / 2);
    const stamps = made.map((f) => statSync(f).mtimeMs);
    await serveOnce();
    // every file was taken as it was: none refused and made again
    expect(made.map((f) => statSync(f).mtimeMs)).toEqual(stamps);
    // and a plain command still finds its own folder
    await spawnCli(['--help'], { home, env });
    expect(readdirSync(root).sort()).toEqual([plain, `${plain}-serve`]);
  });
});
