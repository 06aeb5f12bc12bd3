/**
 * Words on stderr go through one helper (output/notes.ts, `stderrNotes`), as stdout goes through
 * output/stdout.ts: no command writes stderr itself, so that `--quiet` and the levels of a line (a note,
 * a warning, trouble) hold for every command.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('stderr owner', () => {
  it('no file of src/commands writes stderr itself: its words go through stderrNotes', () => {
    const writers = files(join(ROOT, 'src/commands')).filter((path) =>
      /\.stderr\.write\(/.test(readFileSync(path, 'utf8')),
    );
    expect(writers.map((p) => relative(ROOT, p))).toEqual([]);
  });
});
