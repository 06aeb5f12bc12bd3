import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs, shouldRetry } from '../../src/api/retry.js';

describe('shouldRetry', () => {
  it.each([
    // method, attempt, status, errorCode, maxRetries, expected
    ['GET', 1, 503, undefined, 3, true],
    ['GET', 1, 500, undefined, 3, true],
    ['GET', 1, 502, undefined, 3, true],
    ['GET', 1, 504, undefined, 3, true],
    ['GET', 1, 408, undefined, 3, true],
    ['GET', 1, 429, undefined, 3, true],
    ['GET', 1, 404, undefined, 3, false],
    ['GET', 1, 400, undefined, 3, false],
    ['GET', 1, 401, undefined, 3, false],
    ['GET', 1, 501, undefined, 3, false],
    ['GET', 3, 503, undefined, 3, true],
    ['GET', 4, 503, undefined, 3, false],
    ['GET', 1, 503, undefined, 0, false],
    ['HEAD', 1, 503, undefined, 3, true],
    ['PUT', 1, 503, undefined, 3, true],
    ['DELETE', 1, 502, undefined, 3, true],
    ['OPTIONS', 1, 502, undefined, 3, true],
    ['get', 1, 503, undefined, 3, true],
    ['POST', 1, 503, undefined, 3, false],
    ['POST', 1, undefined, 'ECONNRESET', 3, false],
    ['PATCH', 1, 503, undefined, 3, false],
    ['PATCH', 1, undefined, 'UND_ERR_SOCKET', 3, false],
    ['GET', 1, undefined, 'ECONNRESET', 3, true],
    ['GET', 1, undefined, 'ECONNREFUSED', 3, true],
    ['GET', 1, undefined, 'UND_ERR_SOCKET', 3, true],
    ['GET', 1, undefined, 'ENOTFOUND', 3, true],
    ['GET', 1, undefined, 'UND_ERR_HEADERS_TIMEOUT', 3, false],
    ['GET', 1, undefined, 'SOMETHING_ELSE', 3, false],
    ['GET', 1, undefined, undefined, 3, false],
  ] as const)(
    '%s attempt %i status %s code %s max %i → %s',
    (method, attempt, status, errorCode, maxRetries, expected) => {
      expect(shouldRetry({ method, attempt, status, errorCode, maxRetries })).toBe(expected);
    },
  );
});

describe('backoffDelay', () => {
  it.each([
    // attempt, random, expected (base 100, cap 1000)
    [1, 0.5, 50],
    [2, 0.5, 100],
    [3, 0.5, 200],
    [4, 0.999, 799],
    [5, 0.999, 999],
    [10, 0.999, 999],
    [1, 0, 0],
    [60, 0.5, 500],
  ])('attempt %i with random %d → %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, { baseMs: 100, capMs: 1000, random: () => random })).toBe(expected);
  });

  it('defaults to base 250 ms and cap 8000 ms', () => {
    expect(backoffDelay(1, { random: () => 0.999 })).toBe(249);
    expect(backoffDelay(20, { random: () => 0.999 })).toBe(7992);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    ['5', 5000],
    ['0', 0],
    [' 2 ', 2000],
    ['1.5', 1500],
    ['Sun, 01 Mar 2026 12:00:10 GMT', 10_000],
    ['Sun, 01 Mar 2026 11:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [undefined, undefined],
    [null, undefined],
  ])('%j → %s', (value, expected) => {
    expect(retryAfterMs(value, now)).toBe(expected);
  });
});
