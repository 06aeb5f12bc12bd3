/**
 * A 400's hint never depends on the words of the site's messages, which a site in another language
 * writes otherwise (issue 26): a bare refusal gets calctl's words whatever its language; the site's
 * own words are shown only when its check explained itself (an entry in `data.details`).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

const refusal = (params: Record<string, string>, details: unknown = []) =>
  new ApiError({
    status: 400,
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    method: 'GET',
    url: 'http://x/wp-json/tribe/events/v1/events',
    data: { status: 400, params, details } as never,
  });

describe('the hint of a refused parameter', () => {
  it.each([
    ['en_US', 'Invalid parameter.'],
    ['de_DE', 'Ungültiger Parameter.'],
    ['fr_FR', 'Paramètre non valide.'],
  ])('a bare refusal (%s) gets the same words', (_locale, message) => {
    const err = refusal({ search: message, title: message, custom_thing: message });
    expect(err.hint).toBe(
      'the site refused --search: must be text, not empty; --title: must be text, not empty; --custom-thing: the site refused this value',
    );
  });

  it("shows the site's explanation when its check gave one (in the site's language)", () => {
    const message = 'per_page ist nicht vom Typ integer.';
    const err = refusal(
      { search: message, other: message },
      {
        search: { code: 'rest_invalid_type', message },
        other: { code: 'rest_invalid_type', message },
      },
    );
    expect(err.hint).toBe(`the site refused --search: ${message}; --other: ${message}`);
  });
});
