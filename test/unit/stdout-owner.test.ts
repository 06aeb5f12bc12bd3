/**
 * stdout belongs to `src/output/` (ARCHITECTURE.md): no other source file reaches it. The check reads
 * every file of `src/` with the TypeScript parser and fails on a property access `.stdout` or a
 * destructured `{ stdout }` outside the room, the context that holds the stream (`io/context.ts`) and
 * the entry (`main.ts`, which silences the process's stream between runs). Comments and strings that
 * mention stdout are not code and do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const ALLOWED = [/^output\//, /^io\/context\.ts$/, /^main\.ts$/];

/** Where a source text reaches stdout: `line: code` for each place. */
function stdoutReaches(text: string): string[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.parent.getText().split('\n')[0]}`;
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'stdout') found.push(at(node));
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === 'stdout') found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('stdout is written by output/ only', () => {
  it('no file outside src/output/ (but the context and the entry) reaches stdout', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const outside: string[] = [];
    for (const file of files) {
      const name = relative(SRC, file);
      if (ALLOWED.some((re) => re.test(name))) continue;
      const text = readFileSync(file, 'utf8');
      // (only files that name it are parsed)
      if (!text.includes('stdout')) continue;
      for (const place of stdoutReaches(text)) outside.push(`src/${name}:${place}`);
    }
    expect(outside).toEqual([]);
  });

  it('the check finds a write, a read of the terminal and a destructured stream, not words in comments', () => {
    expect(stdoutReaches("rt.ctx.io.stdout.write('x');")).toHaveLength(1);
    expect(stdoutReaches('const wide = ctx.io.stdout.columns;')).toHaveLength(1);
    expect(stdoutReaches('const { stdout, stderr } = rt.ctx.io;')).toHaveLength(1);
    expect(stdoutReaches('const { stdout: out } = ctx.io;')).toHaveLength(1);
    expect(stdoutReaches("// stdout is data\nconst s = 'to stdout';\nconst stdout = pacedStdout(ctx);")).toEqual([]);
  });
});
