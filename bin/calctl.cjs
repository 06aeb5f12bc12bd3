#!/usr/bin/env node
// Tiny launcher (CommonJS, so `--version` loads nothing else): answers --version itself, otherwise
// runs the bundled CLI (dist/, CommonJS chunks) with V8's code cache.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

// A closed pipe (`calctl … | head`) is a normal way for a reader to stop: end quietly. Other write
// errors (a full disk) are reported by the CLI itself; this is the last resort, without a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`calctl: cannot write the output: ${err.message}\n`);
  process.exit(1);
});

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const dist = join(__dirname, '..', 'dist');
  useCompileCache(dist);
  Promise.resolve()
    .then(() => require(join(dist, 'calctl.js')).run(argv))
    .then((code) => {
      process.exitCode = code;
    });
}

/**
 * Node 20 has no compile cache of its own (module.enableCompileCache came with Node 22), and
 * compiling the CLI's code was a third of a short command's own time. So the chunks of dist/ are
 * compiled here with the code V8 made for them on an earlier run, kept in
 * `$XDG_CACHE_HOME/calctl/v8/<build>-<node>-<arch>/` (else ~/.cache/calctl/v8/…): one file per
 * chunk, written when the process exits (so it holds the functions that run compiled too), and
 * made again whenever V8 refuses it (another Node, other V8 flags, a changed file). A cache that
 * cannot be read or written is simply not used. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
function useCompileCache(dist) {
  const v8 = require('node:v8');
  // `calctl serve` grows the young generation at once (src/commands/heap.ts). Set here, before
  // anything is compiled, its flags are the same for the whole run, so its code can be cached too, in
  // a folder of its own (a cache made under one set of flags is refused under another). Only a line
  // holding the word `serve` gets it: a value that happens to be `serve` only costs that run its cache.
  const flagSets = { serve: ['--semi-space-growth-factor=16'] };
  const kind = argv.includes('serve') ? 'serve' : undefined;
  const presetFlags = new Set(kind ? flagSets[kind] : []);
  for (const flag of presetFlags) v8.setFlagsFromString(flag);
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  const { isAbsolute, basename, dirname, sep } = require('node:path');
  const xdg = process.env.XDG_CACHE_HOME;
  const home = process.env.HOME ?? process.env.USERPROFILE;
  const base = xdg && isAbsolute(xdg) ? xdg : home && isAbsolute(home) ? join(home, '.cache') : undefined;
  let build;
  try {
    build = readFileSync(join(dist, 'build-id'), 'utf8').trim();
  } catch {
    return; // an older build: no cache
  }
  if (!base || !build) return;
  const root = join(base, 'calctl', 'v8');
  const madeFor = `${build}-${process.version}-${process.arch}`;
  const dir = join(root, kind ? `${madeFor}-${kind}` : madeFor);
  const Module = require('node:module');
  const vm = require('node:vm');
  const prefix = dist + sep;
  const made = [];
  // A command that sets other V8 flags (an import sizing its heap) makes caches other runs refuse.
  let flagsChanged = false;
  const setFlags = v8.setFlagsFromString;
  v8.setFlagsFromString = (flags) => {
    if (!presetFlags.has(flags)) flagsChanged = true;
    return setFlags(flags);
  };
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(prefix)) return compile.call(this, content, filename);
    const file = join(dir, `${basename(filename)}.bin`);
    let cachedData;
    try {
      cachedData = readFileSync(file);
    } catch {
      // not made yet
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) made.push([script, file]);
    const requireHere = (id) => this.require(id);
    requireHere.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    requireHere.cache = Module._cache;
    requireHere.main = require.main;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireHere, this, filename, dirname(filename));
  };
  process.once('exit', () => {
    if (made.length === 0 || flagsChanged) return;
    const { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
    try {
      if (!existsSync(dir)) {
        // a new build or Node: the caches of the others are of no more use (those of this build
        // made under other flags are)
        for (const old of existsSync(root) ? readdirSync(root) : []) {
          if (old !== madeFor && !old.startsWith(`${madeFor}-`))
            rmSync(join(root, old), { recursive: true, force: true });
        }
        mkdirSync(dir, { recursive: true });
      }
      for (const [script, file] of made) {
        const tmp = `${file}.${process.pid}`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, file);
      }
    } catch {
      // a read-only or full disk: compile as usual next time
    }
  });
}
