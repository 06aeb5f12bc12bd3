// Bundles src/ into dist/ so that start-up loads a few files instead of hundreds.
// Heavy parts (server, prompts, CSV, natural-language dates) stay behind dynamic imports,
// which esbuild splits into separate chunks loaded only when a command needs them.

import { renameSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// Build beside dist/ and swap it in, so a CLI started meanwhile never finds dist/ half-written or gone.
const dist = new URL('../dist', import.meta.url);
const fresh = new URL(`../dist.building-${process.pid}`, import.meta.url);
const stale = new URL(`../dist.stale-${process.pid}`, import.meta.url);
rmSync(fresh, { recursive: true, force: true });
await build({
  entryPoints: { calctl: 'src/main.ts' },
  outdir: fresh.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  // native addon and packages that resolve files at run time stay outside the bundle
  external: ['better-sqlite3', '@apidevtools/swagger-parser'],
  banner: {
    js: "import { createRequire as __calctlCreateRequire } from 'node:module'; const require = __calctlCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
try {
  renameSync(dist, stale);
} catch {
  // first build: nothing to move away
}
renameSync(fresh, dist);
rmSync(stale, { recursive: true, force: true });
