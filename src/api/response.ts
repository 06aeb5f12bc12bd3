import { ApiError, apiErrorFromResponse } from './errors.js';

/** A whole answer: status, flattened headers and the body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /**
   * The body: text, or the bytes as received, decoded when first read ({@link textOf}). Bytes wait
   * outside the JS heap, so a page asked for ahead is not copied by the collector while it waits.
   */
  body: string | Buffer;
}

/** The body of an answer as text (UTF-8). */
export const textOf = (answer: Pick<RawAnswer, 'body'>): string =>
  typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');

/** Lower-cased header names; repeated headers joined with ", ". */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Parses a body; a 2xx that is not JSON means the URL does not point at the REST API. */
export function parseBody(answer: RawAnswer, method: string, url: string): unknown {
  const text = textOf(answer).replace(/^\uFEFF/, '');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    const type = answer.headers['content-type'] ?? 'no content type';
    throw new ApiError({
      status: answer.status,
      code: 'invalid_json',
      message: `${method} ${url} answered ${answer.status} with ${type} instead of JSON: ${text.trim().slice(0, 200)}`,
      method,
      url,
      cause,
    });
  }
}

/** A redirect is reported rather than followed: following would turn a write into a GET. */
export function errorForStatus(answer: RawAnswer, method: string, url: string, anonymous = false): ApiError {
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400 && location) {
    return new ApiError({
      status: answer.status,
      code: 'redirect',
      message: `${method} ${url} was redirected (${answer.status}) to ${location}: use that address in the profile URL`,
      method,
      url,
      // (a reader of plain documents follows it: see fetch-document.ts)
      data: { status: answer.status, location },
    });
  }
  return apiErrorFromResponse(answer.status, method, url, textOf(answer), anonymous);
}
