/**
 * One temporary folder for the whole run: TMPDIR points into it, so every home, data dir and file a
 * test makes with `os.tmpdir()` (and every CLI it spawns, which inherits TMPDIR) lands there, and the
 * folder is removed when the run ends. Without it each run left thousands of `calctl-home-*` folders
 * in the machine's temp dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const run = mkdtempSync(join(tmpdir(), 'calctl-test-run-'));
  process.env.TMPDIR = run;
  return () => {
    rmSync(run, { recursive: true, force: true });
  };
}
