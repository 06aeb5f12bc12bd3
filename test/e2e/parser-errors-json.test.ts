/**
 * Errors of the argument parser (unknown option or command, missing or bad option value, extra
 * arguments) follow the README's contract: with -o json or --json on the command line the plain
 * message is followed by one `{"error":{"code","message","status"}}` line on stderr; exit 2 stays.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const lastJsonLine = (stderr: string) => JSON.parse(stderr.trimEnd().split('\n').at(-1) ?? '');

describe('parser errors with -o json', () => {
  it('an unknown option: the plain message, then the JSON error object', async () => {
    const res = await runCli(['events', 'list', '--serch', 'x', '-o', 'json']);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe("calctl: unknown option '--serch'");
    expect(lastJsonLine(res.stderr)).toEqual({
      error: {
        code: 'unknown-option',
        message: "unknown option '--serch'",
        status: null,
        hint: 'did you mean --search?',
      },
    });
  });

  it.each([
    [['events', 'list', '--serch', 'x', '--json'], 'unknown-option'],
    [['events', 'list', '--serch', 'x', '--output=json'], 'unknown-option'],
    [['--json', 'events', 'list', '--serch', 'x'], 'unknown-option'],
    [['events', 'list', '--serch', 'x', '-o', 'ndjson'], 'unknown-option'],
    [['events', 'lst', '-o', 'json'], 'unknown-command'],
    [['evnts', 'list', '--json'], 'unknown-command'],
    [['events', 'get', '1', '2', '-ojson'], 'excess-arguments'],
    [['events', 'list', '--timeout', 'x', '-o', 'json'], 'invalid-argument'],
    [['events', 'list', '--json', '--page'], 'option-missing-argument'],
    [['events', '--json'], 'missing-command'],
  ])('%j → code %s, exit 2', async (args, code) => {
    const res = await runCli(args);
    expect(res.code).toBe(2);
    const error = lastJsonLine(res.stderr).error;
    expect(error.code).toBe(code);
    expect(error.status).toBeNull();
    expect(typeof error.message).toBe('string');
    expect(error.message).not.toMatch(/^error: /);
  });

  it('without -o json the parser error stays plain words only', async () => {
    const res = await runCli(['events', 'list', '--serch', 'x']);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe("calctl: unknown option '--serch'\n(Did you mean --search?)\n");
  });

  it('-o json after -- is an argument, not the output flag', async () => {
    const res = await runCli(['events', 'list', '--serch', 'x', '--', '-o', 'json']);
    expect(res.code).toBe(2);
    expect(res.stderr).not.toMatch(/"error"/);
  });
});
