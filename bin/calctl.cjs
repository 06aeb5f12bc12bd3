#!/usr/bin/env node
// Tiny launcher (CommonJS, so `--version` never starts the ES module loader): answers --version
// itself, otherwise runs the bundled CLI.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

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
  import(pathToFileURL(join(__dirname, '..', 'dist', 'calctl.js')).href)
    .then(({ run }) => run(argv))
    .then((code) => {
      process.exitCode = code;
    });
}
