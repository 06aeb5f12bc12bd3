/**
 * The floors of ARCHITECTURE.md, enforced: dependency-cruiser reads every import of src/ with the
 * rules of .dependency-cruiser.cjs (no arrow up a floor, the server only down to the ground floor, no
 * circle). A second case runs the same rules on a small tree with one of each fault, so that the
 * rules are known to bite.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';
import {
  arrowsOf,
  type CruiseModule,
  circlesIn,
  documentedFloors,
  floorProblems,
  foldersOf,
  roomArrows,
} from './house-floors.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');
const run = promisify(execFile);

async function cruise(cwd: string, type = 'err'): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', type], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

// (side by side: each case is a dependency-cruiser process of its own; the test's own `expect`)
/** One cruise of src/ as JSON, shared by the cases that read the whole tree. */
let report: Promise<{ code: number; modules: CruiseModule[]; violations: Violation[] }> | undefined;
interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}
function cruiseRoot() {
  report ??= cruise(ROOT, 'json').then((r) => {
    const json = JSON.parse(r.out.slice(r.out.indexOf('{'))) as {
      modules: CruiseModule[];
      summary: { violations: Violation[] };
    };
    return { code: r.code, modules: json.modules, violations: json.summary.violations };
  });
  return report;
}

/** The floors .dependency-cruiser.cjs enforces, read back from its `floor-N-points-down` rules. */
function cruiserFloors(): Map<string, number> {
  const config = createRequire(import.meta.url)(CONFIG) as {
    forbidden: { name: string; from: { path: string }; to: { path?: string } }[];
  };
  const names = (pattern: string) =>
    pattern.split('|').map((p) => (p === '^src/main\\.ts$' ? 'main' : p.replace(/^\^src\//, '').replace(/\/$/, '')));
  const floors = new Map<string, number>();
  let top = 0;
  for (const rule of config.forbidden) {
    const level = /^floor-(\d+)-points-down$/.exec(rule.name)?.[1];
    if (level === undefined) continue;
    for (const room of names(rule.from.path)) floors.set(room, Number(level));
    top = Math.max(top, Number(level) + 1);
  }
  for (const rule of config.forbidden)
    if (rule.name === `floor-${top - 1}-points-down`)
      for (const room of names(rule.to.path ?? '')) if (!floors.has(room)) floors.set(room, top);
  return floors;
}

describe.concurrent('architecture', () => {
  it('src/ has no upward arrow, no server arrow out of bounds and no circle', async ({ expect }) => {
    const r = await cruiseRoot();
    expect(r.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
    expect(r.code).toBe(0);
  }, 60_000);

  it('inside every folder of src/, the rooms (files and subfolders) form no circle: no import runs back up', async ({
    expect,
  }) => {
    const { modules } = await cruiseRoot();
    const arrows = arrowsOf(modules);
    const files = modules.map((m) => m.source).filter((s) => s.startsWith('src/'));
    const circles = foldersOf(files).flatMap((folder) =>
      circlesIn(roomArrows(folder, arrows)).map((c) => `${folder}: ${c.join(' ⇄ ')}`),
    );
    expect(circles).toEqual([]);
  }, 60_000);

  it("ARCHITECTURE.md's floors are dependency-cruiser's, and each floor table of a folder holds its rooms with every arrow pointing down or across", async ({
    expect,
  }) => {
    const { modules } = await cruiseRoot();
    const arrows = arrowsOf(modules);
    const files = modules.map((m) => m.source).filter((s) => s.startsWith('src/'));
    const docs = documentedFloors(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
    const top = docs.find((d) => d.folder === 'src/');
    expect(top, 'ARCHITECTURE.md lays out the floors of src/').toBeDefined();
    expect(Object.fromEntries(top?.floors ?? [])).toEqual(Object.fromEntries(cruiserFloors()));
    // (the server stands beside the floors, with rules of its own; `types` holds declarations only)
    const problems = docs.flatMap((d) => floorProblems(d, files, arrows, d.folder === 'src/' ? ['server'] : []));
    expect(problems).toEqual([]);
    expect(docs.map((d) => d.folder)).toContain('src/server/');
  }, 60_000);

  it('the folder checks catch a circle between two rooms of a folder, an arrow up a documented floor, and a room on no floor', ({
    expect,
  }) => {
    const arrows = [
      { from: 'src/server/store/a.ts', to: 'src/server/site.ts' },
      { from: 'src/server/site.ts', to: 'src/server/store/b.ts' },
      { from: 'src/server/rest/x.ts', to: 'src/server/core.ts' },
    ];
    const files = [
      'src/server/store/a.ts',
      'src/server/store/b.ts',
      'src/server/site.ts',
      'src/server/rest/x.ts',
      'src/server/core.ts',
    ];
    expect(circlesIn(roomArrows('src/server/', arrows))).toEqual([['site.ts', 'store']]);
    expect(circlesIn(roomArrows('src/server/store/', arrows))).toEqual([]);
    const [doc] = documentedFloors(
      'x\n<!-- floors: src/server/ -->\n| floor | rooms |\n|---|---|\n| 0 | `store`, `site.ts` |\n| 1 | `rest` |\n| 2 | `core.ts`, `gone.ts` |\n',
    );
    expect(doc?.folder).toBe('src/server/');
    expect(floorProblems(doc ?? { folder: '', floors: new Map() }, files, arrows)).toEqual([
      'src/server/gone.ts is on a floor but does not exist',
      'src/server/rest (floor 1) imports core.ts (floor 2), a floor up',
    ]);
    expect(floorProblems({ folder: 'src/server/', floors: new Map([['store', 0]]) }, files, [])).toContain(
      'src/server/rest is on no floor',
    );
  });

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
    file('src/export/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    file('src/export/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
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
