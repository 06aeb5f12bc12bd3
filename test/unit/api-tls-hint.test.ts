import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/api/errors.js';

const failure = (code: string) => Object.assign(new Error('connect failed'), { code });

describe('NetworkError hints', () => {
  it.each([
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('%s: says the certificate is not trusted and how to fix it', (code) => {
    const err = new NetworkError('GET', 'https://example.org/wp-json/tribe/events/v1', failure(code));
    expect(err.hint).toMatch(/certificate is not trusted/);
    expect(err.hint).toMatch(/NODE_EXTRA_CA_CERTS/);
    expect(err.exitCode).toBe(1);
  });

  it('a refused connection points at the URL and the server', () => {
    const err = new NetworkError('GET', 'http://127.0.0.1:9/x', failure('ECONNREFUSED'));
    expect(err.hint).toMatch(/check the site URL/);
  });
});
