/** Parser (commander) errors as our usage errors, and the output flags read from the raw line. */
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { outputFlags } from '../../src/cli/program.js';
import { parserUsageError, UsageError } from '../../src/errors/index.js';

describe('parserUsageError', () => {
  it('takes the message, the suggestion as hint and a code named after commander', () => {
    const err = parserUsageError(
      new CommanderError(1, 'commander.unknownOption', "error: unknown option '--serch'\n(Did you mean --search?)"),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.code).toBe('unknown-option');
    expect(err.message).toBe("unknown option '--serch'");
    expect(err.hint).toBe('did you mean --search?');
  });

  it.each([
    ['commander.excessArguments', "error: too many arguments for 'get'.", 'excess-arguments', undefined],
    [
      'commander.optionMissingArgument',
      "error: option '--page <n>' argument missing",
      'option-missing-argument',
      undefined,
    ],
    ['commander.help', '(outputHelp)', 'missing-command', undefined],
  ])('%s → %s', (code, message, expected, hint) => {
    const err = parserUsageError(new CommanderError(1, code, message));
    expect(err.code).toBe(expected);
    expect(err.hint).toBe(hint);
    expect(err.message).not.toMatch(/^error: /);
  });
});

describe('outputFlags', () => {
  it.each([
    [['events', 'list', '-o', 'json'], { output: 'json' }],
    [['events', 'list', '--output', 'ndjson'], { output: 'ndjson' }],
    [['events', 'list', '--output=yaml'], { output: 'yaml' }],
    [['events', 'list', '-ojson'], { output: 'json' }],
    [['events', 'list', '--json'], { json: true }],
    [['--json', 'events', 'list', '-o', 'csv'], { json: true, output: 'csv' }],
    [['events', 'list', '--', '-o', 'json'], {}],
    [['events', 'list', '-o'], {}],
    [['events', 'list', '--search', 'x'], {}],
  ])('%j → %j', (args, expected) => {
    expect(outputFlags(args)).toEqual(expected);
  });
});
