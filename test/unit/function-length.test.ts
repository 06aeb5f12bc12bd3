/**
 * No function of src/ runs over 120 lines (from its first line to its last, the functions it holds
 * counted in): a longer one is split into named steps. Read with the TypeScript compiler's parser, so
 * arrow functions, methods and function expressions count as well as declarations.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const LIMIT = 120;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every function of one source text longer than `limit` lines: `path:line name (N lines)`. */
function longFunctions(path: string, text: string, limit: number): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) {
        const named =
          node.name?.getText(file) ??
          (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(file) : '(anonymous)');
        found.push(`${path}:${first + 1} ${named} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('function length', () => {
  it(`no function in src/ is longer than ${LIMIT} lines`, () => {
    const long = sourceFiles(join(ROOT, 'src')).flatMap((path) =>
      longFunctions(relative(ROOT, path), readFileSync(path, 'utf8'), LIMIT),
    );
    expect(long).toEqual([]);
  });

  it('the count sees arrow functions, methods and declarations, and counts inner functions in', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function a() {\n${body(4)}\n}`,
      `export const b = () => {\n  const inner = () => {\n${body(4)}\n  };\n  return inner;\n};`,
      `export class C {\n  m() {\n${body(2)}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', text, 5)).toEqual([
      'x.ts:1 a (6 lines)',
      'x.ts:7 b (9 lines)',
      'x.ts:8 inner (6 lines)',
    ]);
    expect(longFunctions('x.ts', text, 9)).toEqual([]);
  });
});
