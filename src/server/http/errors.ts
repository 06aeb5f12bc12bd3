/** A REST error in the WordPress envelope: `{code, message, data: {status, …}}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

/**
 * 500 for a failure of the server's own code (a bug, a row damaged outside calctl); `detail` names it
 * where the caller is the data dir's owner (the CLI's local calendar), never over HTTP.
 */
export const internalError = (detail?: string) =>
  new RestError(
    500,
    'rest_internal_error',
    detail ? `The server failed to answer this request: ${detail}` : 'The server failed to answer this request.',
  );

export const noRoute = () => new RestError(404, 'rest_no_route', 'No route matches this URL and method.');

/** 400 naming the invalid parameters; `details` carries typed failures (rest_invalid_type …). */
export function invalidParams(
  params: Record<string, string>,
  details: Record<string, { code: string; message: string; data: Record<string, unknown> }> = {},
): RestError {
  const names = Object.keys(params);
  return new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
    params,
    details: Object.keys(details).length ? details : [],
  });
}

export function missingParams(names: string[]): RestError {
  return new RestError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  });
}

export function forbidden(loggedIn: boolean): RestError {
  return new RestError(loggedIn ? 403 : 401, 'rest_forbidden', 'You are not allowed to do that.');
}
