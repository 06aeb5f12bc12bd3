import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/cli/runtime.js';
import { mapPromptError } from '../../src/commands/prompts.js';
import { confirmOrThrow, fullUrl, printDryRun } from '../../src/commands/shared.js';
import { EXIT, exitCodeOf } from '../../src/errors/index.js';
import type { Context } from '../../src/io/context.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (c: string) => {
    text += c;
  });
  return { stream, text: () => text };
}

function context() {
  const stdout = capture();
  const stderr = capture();
  const ctx: Context = {
    io: { stdout: stdout.stream, stderr: stderr.stream, stdin: new PassThrough() },
    env: {},
    now: () => new Date('2026-06-15T12:00:00Z'),
    cwd: '/',
    home: '/nonexistent',
    signal: new AbortController().signal,
  };
  return { ctx, stdout, stderr };
}

describe('--dry-run rendering', () => {
  it('prints the request as JSON on stdout and a note on stderr', async () => {
    const { ctx, stdout, stderr } = context();
    const rt = createRuntime(ctx, { dryRun: true });
    printDryRun(rt, 'PUT', 'http://h/wp-json/tribe/events/v1/events/3', { title: 'x' });
    await new Promise((r) => setImmediate(r));
    expect(JSON.parse(stdout.text())).toEqual({
      method: 'PUT',
      url: 'http://h/wp-json/tribe/events/v1/events/3',
      body: { title: 'x' },
    });
    expect(stderr.text()).toMatch(/not sent/);
  });

  it('fullUrl joins the base, the path and a query', () => {
    expect(fullUrl('http://h/wp-json/tribe/events/v1/', '/events/3')).toBe('http://h/wp-json/tribe/events/v1/events/3');
    expect(fullUrl('http://h/x', '/events', { a: 1, b: undefined })).toBe('http://h/x/events?a=1');
  });
});

describe('prompts and confirmation', () => {
  it('a cancelled prompt (Ctrl-C) maps to exit 130', () => {
    const err = new Error('User force closed the prompt with SIGINT');
    err.name = 'ExitPromptError';
    expect(exitCodeOf(mapPromptError(err))).toBe(EXIT.interrupted);
    const other = new Error('boom');
    expect(mapPromptError(other)).toBe(other);
  });

  it('without a terminal, confirmation needs --yes (exit 2); --yes skips it', async () => {
    const { ctx } = context();
    await expect(confirmOrThrow(createRuntime(ctx, {}), 'Delete 3 events?')).rejects.toMatchObject({
      exitCode: EXIT.usage,
      hint: expect.stringContaining('--yes'),
    });
    await expect(confirmOrThrow(createRuntime(ctx, { yes: true }), 'Delete?')).resolves.toBe(true);
  });
});
