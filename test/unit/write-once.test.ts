/** The one exactly-once write: look up before sending again, the one transient rule, abort honoured. */
import { describe, expect, it } from 'vitest';
import { ApiError, isTransientFailure, NetworkError, TimeoutError, writeOnce } from '../../src/api/index.js';

const lost = () =>
  new NetworkError('POST', 'http://127.0.0.1/x', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
const status = (n: number) =>
  new ApiError({ status: n, code: `s${n}`, message: `status ${n}`, method: 'POST', url: '/x' });

describe('isTransientFailure', () => {
  it.each([
    [lost(), true],
    [new TimeoutError('POST', '/x', 'headers', 1000), true],
    [status(503), true],
    [status(429), true],
    [status(408), true],
    [status(501), false],
    [status(400), false],
    [new Error('bug'), false],
  ])('%s → %s', (err, want) => {
    expect(isTransientFailure(err)).toBe(want);
  });
});

describe('writeOnce', () => {
  it('a write whose answer was lost is looked up, and not sent again when it landed', async () => {
    let sent = 0;
    let asked = 0;
    const id = await writeOnce({
      send: async () => {
        sent++;
        throw lost();
      },
      landed: async () => {
        asked++;
        return 42;
      },
    });
    expect([id, sent, asked]).toEqual([42, 1, 1]);
  });

  it('a look-up that fails transiently is asked again, never taken for "not there"', async () => {
    const calls: string[] = [];
    const id = await writeOnce({
      send: async () => {
        calls.push('send');
        if (calls.length === 1) throw lost();
        return 7;
      },
      landed: async () => {
        calls.push('look');
        if (calls.filter((c) => c === 'look').length === 1) throw status(502);
        return undefined;
      },
      signal: undefined,
    });
    expect([id, calls]).toEqual([7, ['send', 'look', 'look', 'send']]);
  });

  it('a refusal is thrown at once, without a look-up', async () => {
    let asked = 0;
    const refused = status(400);
    await expect(
      writeOnce({
        send: async () => {
          throw refused;
        },
        landed: async () => {
          asked++;
          return 1;
        },
      }),
    ).rejects.toBe(refused);
    expect(asked).toBe(0);
  });

  it('the wait before trying again ends with the abort signal', async () => {
    const abort = new AbortController();
    const reason = new Error('interrupted');
    let sent = 0;
    await expect(
      writeOnce({
        send: async () => {
          sent++;
          abort.abort(reason);
          throw lost();
        },
        landed: async () => undefined,
        signal: abort.signal,
      }),
    ).rejects.toBe(reason);
    expect(sent).toBe(1);
  });
});
