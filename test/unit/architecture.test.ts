/**
 * The floors of ARCHITECTURE.md, enforced: dependency-cruiser reads every import of src/ with the
 * rules of .dependency-cruiser.cjs (no arrow up a floor, the server only down to the ground floor, no
 * circle). A second case runs the same rules on a small tree with one of each fault, so that the
 * rules are known to bite.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');
const run = promisify(execFile);

async function cruise(cwd: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'err'], { cwd });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

// (side by side: each case is a dependency-cruiser process of its own; the test's own `expect`)
describe.concurrent('architecture', () => {
  it('src/ has no upward arrow, no server arrow out of bounds and no circle', async ({ expect }) => {
    const r = await cruise(ROOT);
    expect(r.out).toContain('no dependency violations found');
    expect(r.code).toBe(0);
  }, 60_000);

  it('the rules catch an upward arrow, a server importing the client side, a command past the server face, a pipeline importing a namespace, namespaces leaning on each other, and a circle', async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-arch-'));
    const file = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    file('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
    file('src/cli/program.ts', 'export const program = 1;\n');
    file('src/api/client.ts', "import { program } from '../cli/program.js';\nexport const client = program;\n");
    file('src/server/core.ts', "import { client } from '../api/client.js';\nexport const core = client;\n");
    file('src/server/index.ts', "export { store } from './store/db.js';\n");
    file('src/server/store/db.ts', 'export const store = 1;\n');
    file('src/commands/sync.ts', "import { store } from '../server/store/db.js';\nexport const sync = store;\n");
    file('src/commands/serve.ts', "import { store } from '../server/index.js';\nexport const serve = store;\n");
    file(
      'src/server/rest/pipeline.ts',
      "import { tribe } from '../tribe/namespace.js';\nexport const pipeline = tribe;\n",
    );
    file('src/server/tribe/namespace.ts', 'export const tribe = 1;\n');
    file('src/server/wp/posts.ts', "import { tec } from '../tec/records.js';\nexport const posts = tec;\n");
    file('src/server/tec/records.ts', 'export const tec = 1;\n');
    file('src/csv/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    file('src/csv/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    const r = await cruise(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('floor-1-points-down');
    expect(r.out).toContain('server-points-down');
    expect(r.out).toContain('no-circular');
    expect(r.out).toContain('server-one-face');
    expect(r.out).toContain('server-shared-knows-no-namespace');
    expect(r.out).toContain('server-namespaces-apart');
    // (the face itself is allowed)
    expect(r.out).not.toMatch(/server-one-face[^\n]*src\/commands\/serve\.ts/);
  }, 60_000);
});
