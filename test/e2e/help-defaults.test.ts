/** Defaults shown in help are the ones that apply: an update keeps what it is not given. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('defaults in help', () => {
  it('create shows the field defaults; update shows none (it keeps the current values)', async () => {
    const create = await runCli(['events', 'create', '--help']);
    expect(create.stdout).toMatch(/--all-day \[bool\][^\n]*\(default: false\)/);
    expect(create.stdout).not.toMatch(/\(default: null\)/);
    const update = await runCli(['events', 'update', '--help']);
    expect(update.stdout).toMatch(/--all-day \[bool\]/);
    expect(update.stdout).not.toMatch(/--all-day \[bool\][^\n]*default/);
    expect(update.stdout).not.toMatch(/--website[^\n]*default/);
  });
});
