import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Connection and request limits of the embedded server (all documented in the README). */
export interface ServerLimits {
  /** largest request body, bytes (413 `rest_request_too_large` above) */
  bodyLimit: number;
  /** the request line and headers must arrive within this many ms (then 408 and the socket is closed) */
  headersTimeoutMs: number;
  /** the whole request, body included, must arrive within this many ms */
  requestTimeoutMs: number;
  /** a socket with no traffic at all for this many ms is closed */
  idleTimeoutMs: number;
  /** an idle keep-alive connection is closed after this many ms */
  keepAliveTimeoutMs: number;
  /** how often Node checks the header and request deadlines, ms */
  checkIntervalMs: number;
  /** largest request line + headers, bytes (431 above) */
  maxHeaderSize: number;
  /** longest path parameter (slug), characters (414 above) */
  maxParamLength: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  bodyLimit: 10 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxHeaderSize: 16 * 1024,
  maxParamLength: 1000,
};

function envelope(status: number, code: string, message: string): string {
  return JSON.stringify({ code, message, data: { status } });
}

/** How long a socket answered by {@link clientErrorHandler} goes on reading what its client sends, ms. */
export const LINGER_MS = 2000;

const answered = new WeakSet<Socket>();

/**
 * Answers what Node's HTTP parser rejects before fastify sees a request (malformed request line or
 * header, headers too large, header/request timeout) in the WordPress error envelope, then closes
 * lingering, as web servers do: the answer goes with a FIN and what the client still sends (the body
 * of the refused request) is read and dropped for a moment. Destroyed at once with that body unread,
 * the socket would be reset, the answer still in flight lost with it, and the client would see a
 * broken pipe instead of a 431.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  let status = 400;
  let code = 'rest_invalid_request';
  let message = 'The request could not be read.';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    code = 'rest_request_timeout';
    message = 'The request was not received in time.';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    code = 'rest_request_header_too_large';
    message = 'The request line and headers are larger than the server accepts.';
  }
  const body = envelope(status, code, message);
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  // (the parser is done with the socket: what arrives now is only read to be dropped)
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.on('end', () => socket.destroy());
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Router-level failures (undecodable URL, over-long path parameter) in the envelope. */
export function frameworkErrors(err: { code?: string }, _req: FastifyRequest, reply: FastifyReply): void {
  const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = long ? 414 : 400;
  const body = long
    ? envelope(414, 'rest_request_uri_too_long', 'A part of the URL is longer than the server accepts.')
    : envelope(400, 'rest_invalid_request', 'The URL could not be decoded.');
  reply.code(status).header('Content-Type', 'application/json; charset=UTF-8').send(body);
}
