// Bundles src/ into dist/ so that start-up loads a few files instead of hundreds.
// Heavy parts (server, prompts, CSV, natural-language dates) stay behind dynamic imports,
// which esbuild splits into separate chunks loaded only when a command needs them.
// Each chunk is then turned into CommonJS: Node 20's CommonJS loader is lighter than its ES module
// loader, and only CommonJS code can be compiled with V8's code cache there (bin/calctl.cjs).

import { createHash } from 'node:crypto';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, transform } from 'esbuild';

/**
 * commander requires node:child_process at load time, only to run git-style executable subcommands,
 * which calctl never does; loading it (with net and dgram behind it) is a visible part of every start.
 * This defers the require to first use, without changing commander's code otherwise.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!text.includes(eager)) throw new Error(`commander changed: ${eager} not found in ${args.path}`);
      const lazy =
        "let loadedChildProcess; const childProcess = { spawn: (...a) => (loadedChildProcess ??= require('node:child_process')).spawn(...a) };";
      return { contents: text.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * Replaces exact lines of a dependency's file at build time, failing the build when a line is no
 * longer there (the dependency changed: look again before rebuilding).
 */
function rewriteLines(name, filter, replacements) {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        for (const [eager, lazy] of replacements) {
          if (!text.includes(eager)) throw new Error(`${name}: ${eager.trim()} not found in ${args.path}`);
          text = text.replace(eager, lazy);
        }
        return { contents: text, loader: 'js' };
      });
    },
  };
}

/**
 * `calctl serve` (a fresh process for every case of the plugin's REST suite) listens on plain HTTP/1.1
 * and declares no plugin. Modules fastify and its router load at once for what calctl does not use
 * are loaded on first use instead, each then the same module: node:https and node:http2 (with
 * node:tls behind them; `--tls-cert` still serves HTTPS through node:https), node:dns (binding
 * `localhost`), node:perf_hooks (request timing for a logger), semver (plugins' version checks) and
 * node:assert, whose checks pass without loading it (a failing one throws its error as before).
 * Together about 30 ms of every start.
 */
const lazyModule = (name, spec) =>
  `let loaded_${name}; const ${name} = new Proxy({}, { get: (_, key) => (loaded_${name} ??= require('${spec}'))[key] })\n`;
const lazyAssert = "const assert = (value, message) => { if (!value) require('node:assert')(value, message) }\n";
const lazyFastifyModules = [
  rewriteLines(
    'lazy-fastify-servers',
    /fastify[\\/]lib[\\/]server\.js$/,
    ['https', 'http2', 'dns'].map((mod) => [`const ${mod} = require('node:${mod}')\n`, lazyModule(mod, `node:${mod}`)]),
  ),
  rewriteLines('lazy-fastify-plugin-checks', /fastify[\\/]lib[\\/]plugin-utils\.js$/, [
    ["const semver = require('semver')\n", lazyModule('semver', 'semver')],
    ["const assert = require('node:assert')\n", lazyAssert],
  ]),
  rewriteLines('lazy-fastify-timing', /fastify[\\/]lib[\\/]logger-factory\.js$/, [
    [
      "const { performance } = require('node:perf_hooks')\n",
      "let loaded_performance; const performance = { now: () => (loaded_performance ??= require('node:perf_hooks').performance).now() }\n",
    ],
  ]),
  rewriteLines(
    'lazy-router-assert',
    /find-my-way[\\/](index|lib[\\/]constrainer|lib[\\/]strategies[\\/]accept-(host|version))\.js$/,
    [["const assert = require('node:assert')\n", lazyAssert]],
  ),
];

/**
 * fastify builds its schema compilers' factories when an instance is made, loading ajv and
 * fast-json-stringify (about 20 ms); calctl's routes declare no schema, so neither is ever used. Each
 * factory is loaded on its first call instead, and is otherwise the same (one per instance).
 */
const lazyFastifySchemas = rewriteLines('lazy-fastify-schemas', /fastify[\\/]lib[\\/]schema-controller\.js$/, [
  [
    "    const ValidatorSelector = require('@fastify/ajv-compiler')\n    compilersFactory.buildValidator = ValidatorSelector()\n",
    "    let buildValidator\n    compilersFactory.buildValidator = (...a) => (buildValidator ??= require('@fastify/ajv-compiler')())(...a)\n",
  ],
  [
    "    const SerializerSelector = require('@fastify/fast-json-stringify-compiler')\n    compilersFactory.buildSerializer = SerializerSelector()\n",
    "    let buildSerializer\n    compilersFactory.buildSerializer = (...a) => (buildSerializer ??= require('@fastify/fast-json-stringify-compiler')())(...a)\n",
  ],
]);

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
  // packages that resolve files at run time (the OpenAPI parser, the VTIMEZONE files of
  // ical-timezones) and sharp (which loads its prebuilt libvips package by name) stay outside the
  // bundle; better-sqlite3's JavaScript is
  // bundled and its native addon is loaded by path (src/server/store/db.ts)
  external: ['@apidevtools/swagger-parser', '@touch4it/ical-timezones', 'sharp'],
  plugins: [lazyChildProcess, ...lazyFastifyModules, lazyFastifySchemas],
  logLevel: 'warning',
});
await toCommonJs(fresh.pathname);
try {
  renameSync(dist, stale);
} catch {
  // first build: nothing to move away
}
renameSync(fresh, dist);
rmSync(stale, { recursive: true, force: true });

/**
 * Rewrites every chunk of `dir` as CommonJS, in place: static imports become require() of the same
 * files, dynamic import() a require() in a promise (so a chunk is still loaded only when needed),
 * import.meta.url the file's URL; strict mode is kept ("use strict", as ES modules are). Exports
 * stay live (getters), as between the ES chunks. A chunk with top-level await cannot be rewritten:
 * the build fails, saying so. `dist/package.json` marks the .js files as CommonJS, and `build-id`
 * (a hash of every chunk) names the code cache of this build.
 */
async function toCommonJs(dir) {
  const hash = createHash('sha256');
  const chunks = readdirSync(dir).filter((f) => f.endsWith('.js'));
  for (const name of chunks.sort()) {
    const file = join(dir, name);
    const { code } = await transform(await readFile(file, 'utf8'), {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcefile: name,
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': '__calctlModuleUrl' },
      banner: '"use strict"; const __calctlModuleUrl = require("node:url").pathToFileURL(__filename).href;',
      logLevel: 'warning',
    });
    hash.update(name).update(code);
    await writeFile(file, code);
  }
  await writeFile(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  await writeFile(join(dir, 'build-id'), `${hash.digest('hex').slice(0, 16)}\n`);
}
