import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors/index.js';
import {
  colorEnabled,
  colorLevel,
  createColor,
  FORMATS,
  loadColor,
  type OutputFormat,
  resolveFormat,
} from '../../src/output/index.js';

describe('resolveFormat', () => {
  it.each([
    [{ isTTY: true }, 'table'],
    [{ isTTY: false }, 'json'],
    [{ isTTY: true, json: true }, 'json'],
    [{ isTTY: false, output: 'csv' }, 'csv'],
    [{ isTTY: true, output: 'NDJSON' }, 'ndjson'],
    [{ isTTY: true, output: 'json', json: true }, 'json'],
    [{ isTTY: true, profileDefault: 'yaml' }, 'yaml'],
    [{ isTTY: false, profileDefault: 'yaml' }, 'yaml'],
    // a profile preference for tables is for people: pipes still get JSON
    [{ isTTY: false, profileDefault: 'table' }, 'json'],
    [{ isTTY: true, profileDefault: 'table' }, 'table'],
    [{ isTTY: false, profileDefault: 'table', output: 'table' }, 'table'],
    [{ isTTY: true, profileDefault: 'csv', output: 'ids' }, 'ids'],
    [{ isTTY: true, profileDefault: 'csv', json: true }, 'json'],
  ] as const)('%o → %s', (opts, expected) => {
    expect(resolveFormat(opts)).toBe(expected);
  });

  it.each([
    [{ isTTY: true, output: 'xml' }, /unknown output format "xml"/],
    [{ isTTY: true, profileDefault: 'tsv' }, /"tsv" in the profile/],
    [{ isTTY: true, output: 'csv', json: true }, /--json conflicts with --output csv/],
  ])('rejects %o', (opts, message) => {
    expect(() => resolveFormat(opts)).toThrow(message);
  });

  it('lists the valid formats in the hint', () => {
    const err = (() => {
      try {
        resolveFormat({ isTTY: true, output: 'xml' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).hint).toBe(`use one of: ${FORMATS.join(', ')}`);
  });
});

describe('colorEnabled', () => {
  type Case = [string, { isTTY: boolean; env: Record<string, string>; format: OutputFormat }, boolean];
  it.each<Case>([
    ['a terminal table', { isTTY: true, env: {}, format: 'table' }, true],
    ['a piped table', { isTTY: false, env: {}, format: 'table' }, false],
    ['NO_COLOR=1', { isTTY: true, env: { NO_COLOR: '1' }, format: 'table' }, false],
    ['NO_COLOR=0 (any value counts)', { isTTY: true, env: { NO_COLOR: '0' }, format: 'table' }, false],
    ['empty NO_COLOR', { isTTY: true, env: { NO_COLOR: '' }, format: 'table' }, true],
    ['TERM=dumb', { isTTY: true, env: { TERM: 'dumb' }, format: 'table' }, false],
    ['FORCE_COLOR in a pipe', { isTTY: false, env: { FORCE_COLOR: '1' }, format: 'table' }, true],
    ['FORCE_COLOR=0', { isTTY: true, env: { FORCE_COLOR: '0' }, format: 'table' }, false],
    ['NO_COLOR beats FORCE_COLOR', { isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' }, format: 'table' }, false],
    ['json on a terminal', { isTTY: true, env: {}, format: 'json' }, false],
    ['csv with FORCE_COLOR', { isTTY: true, env: { FORCE_COLOR: '3' }, format: 'csv' }, false],
    ['yaml', { isTTY: true, env: {}, format: 'yaml' }, false],
  ])('%s → %s', (_name, opts, expected) => {
    expect(colorEnabled(opts)).toBe(expected);
  });

  it.each([
    [{}, 1],
    [{ TERM: 'xterm-256color' }, 2],
    [{ COLORTERM: 'truecolor' }, 3],
    [{ FORCE_COLOR: '2' }, 2],
    [{ NO_COLOR: 'yes', COLORTERM: 'truecolor' }, 0],
  ])('colorLevel with %o → %i', (env, level) => {
    expect(colorLevel({ isTTY: true, env, format: 'table' })).toBe(level);
  });

  it('createColor(0) means plain text; createColor(1) adds escapes without touching the global chalk', async () => {
    expect(createColor(0)).toBeUndefined();
    expect(createColor(false)).toBeUndefined();
    await loadColor(1);
    expect(createColor(1)?.red('x')).toContain('\x1b[');
    expect(createColor(true)?.bold('x')).toContain('\x1b[');
  });
});
