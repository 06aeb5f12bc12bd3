/**
 * Where the views' weeks start: --week-start, else WordPress's start_of_week setting (read from
 * /wp-json/wp/v2/settings), else Monday when the setting cannot be read.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/commands/types.js';
import { weekStartOf } from '../../src/commands/views/fetch.js';

function runtime(answer: (url: string) => unknown): { rt: Runtime; asked: string[] } {
  const asked: string[] = [];
  const api = {
    baseUrl: 'https://example.org/wp-json/tribe/events/v1',
    get: async (url: string) => {
      asked.push(url);
      const body = answer(url);
      if (body instanceof Error) throw body;
      return { status: 200, headers: {}, body };
    },
  };
  const rt = {
    ctx: { signal: new AbortController().signal, env: {} },
    api: async () => api,
    globals: () => ({}),
  } as unknown as Runtime;
  return { rt, asked };
}

describe('the first day of the week', () => {
  it("is the site's start_of_week setting", async () => {
    const { rt, asked } = runtime(() => ({ start_of_week: 0, timezone: 'Europe/Paris' }));
    expect(await weekStartOf(rt, undefined)).toBe(0);
    expect(asked).toEqual(['https://example.org/wp-json/wp/v2/settings']);
  });

  it('is Monday when the settings cannot be read (not an administrator, not WordPress)', async () => {
    const { rt } = runtime(() => new Error('403 rest_forbidden'));
    expect(await weekStartOf(rt, undefined)).toBe(1);
    expect(await weekStartOf(runtime(() => ({})).rt, undefined)).toBe(1);
  });

  it('is --week-start when given, without asking the site', async () => {
    const { rt, asked } = runtime(() => ({ start_of_week: 0 }));
    expect(await weekStartOf(rt, 'saturday')).toBe(6);
    expect(asked).toEqual([]);
    await expect(weekStartOf(rt, 'someday')).rejects.toThrow(/--week-start: "someday" is not a weekday/);
  });
});
