// Regenerates completions/calctl.bash, completions/_calctl, completions/calctl.fish and
// man/calctl.1 from the BUILT CLI (run `npm run build` first): node scripts/gen-completions.mjs [DIR]
// writes below DIR (default: the repository). The files are generated, never edited by hand; a test
// regenerates them into a temp dir and fails when the committed ones differ.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? root);
const home = mkdtempSync(join(tmpdir(), 'calctl-gen-'));
// A clean environment: nothing of the user's profiles or terminal reaches the output.
const env = {
  PATH: process.env.PATH ?? '',
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_DATA_HOME: join(home, '.local/share'),
  NO_COLOR: '1',
  TZ: 'UTC',
  LANG: 'C.UTF-8',
};

function calctl(args) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'calctl'), ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`calctl ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const files = {
  'completions/calctl.bash': ['completion', 'bash'],
  'completions/_calctl': ['completion', 'zsh'],
  'completions/calctl.fish': ['completion', 'fish'],
  'man/calctl.1': ['__man'],
};
try {
  for (const [file, args] of Object.entries(files)) {
    const path = join(out, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, calctl(args));
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
process.stdout.write(`wrote ${Object.keys(files).join(', ')} under ${out}\n`);
