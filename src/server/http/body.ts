/**
 * A request body read as WordPress reads it (WP_REST_Request: parse_json_params, parse_body_params,
 * and PHP's own `$_POST`/`$_FILES`, which WP_REST_Server hands to the request):
 *
 * - A JSON media type (`application/json`, `application/*+json`: wp_is_json_media_type) on any
 *   method: the body decoded as PHP's `json_decode($body, true)` gives it (objects are PHP arrays:
 *   php-vars.ts). A body PHP counts as empty (`''`, `'0'`) is none; anything else that is not JSON is
 *   `rest_invalid_json`, reported when the route reads its parameters.
 * - POST with `application/x-www-form-urlencoded` or `multipart/form-data`: `$_POST` (and `$_FILES`),
 *   which PHP fills only for POST.
 * - PUT, PATCH, DELETE with that form type or no type at all: WordPress parses the body itself with
 *   `parse_str()` (a multipart body of these methods is not read, as PHP does not read it either).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import busboy from 'busboy';
import { RestError } from './errors.js';
import { MAX_INPUT_VARS, parsePhpPostForm, parsePhpQuery } from './params.js';
import { type ParamTree, PhpVars, phpJsonParams } from './php-vars.js';

/** A file part of a multipart POST, as PHP describes an upload in `$_FILES`. */
export interface UploadedFile {
  /** the client's file name, without its path */
  name: string;
  /** the part's Content-Type ('' when it has none) */
  type: string;
  size: number;
  /** the bytes (null when the upload failed: see `error`) */
  data: Buffer | null;
  /**
   * PHP's UPLOAD_ERR_* code: 0 fine, 1 larger than upload_max_filesize. (A part with an empty file
   * name, PHP's 4 "no file chosen", is read as a field: busboy does not tell it from a part without one.)
   */
  error: number;
}

/** php.ini `upload_max_filesize` of the reference sites (PHP's default, 2 MiB). */
export const UPLOAD_MAX_FILESIZE = 2 * 1024 * 1024;
/** php.ini `max_file_uploads` (PHP's default): later file parts are ignored. */
export const MAX_FILE_UPLOADS = 20;
const UPLOAD_ERR_INI_SIZE = 1;

/** The body parameters of a request, or the error reading them must give. */
export interface RequestBody {
  /** the JSON body's members, when it was a JSON object */
  json: Record<string, unknown> | null;
  /** the form fields (urlencoded or multipart) */
  form: Record<string, unknown> | null;
  /** the uploaded files by field name (PHP's variable rules: `file[0]` nests), multipart POST only */
  files: Record<string, UploadedFile | ParamTree<UploadedFile>> | null;
  /** the answer reading the parameters must give (invalid JSON) */
  error?: RestError;
}

/** A request without body parameters (a GET's). */
export const NO_BODY: RequestBody = Object.freeze({ json: null, form: null, files: null });
const NONE = NO_BODY;

/** WP_REST_Request::get_content_type's value: lower case, before any `;`; null without a `/`. */
function wpContentType(header: string): string | null {
  const semi = header.indexOf(';');
  const value = (semi > 0 ? header.slice(0, semi) : header).toLowerCase();
  return value.includes('/') ? value.trim() : null;
}

/** The type PHP's SAPI matches for `$_POST`: lower case, cut at `;`, `,` or a space. */
const phpPostType = (header: string) => (header.toLowerCase().split(/[;, ]/)[0] as string).trim();

/** wp_is_json_media_type. */
export const isJsonMediaType = (type: string): boolean =>
  /(^|\s|,)application\/([\w!#$&-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i.test(type);

/** PHP's empty() of a body string. */
const emptyBody = (text: string) => text === '' || text === '0';

/** json_decode's refusals, with PHP's codes and messages (WordPress repeats them in its error). */
function invalidJson(code: number, message: string): RestError {
  return new RestError(400, 'rest_invalid_json', 'The request body is not valid JSON.', {
    json_error_code: code,
    json_error_message: message,
  });
}

/** json_decode's default nesting limit. */
const JSON_DEPTH = 512;

/** Whether arrays and objects nest more than `limit` levels deep. */
function deeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  for (const v of Object.values(value)) if (deeperThan(v, limit - 1)) return true;
  return false;
}

function readJson(bytes: Buffer): RequestBody {
  const text = bytes.toString('utf8');
  if (emptyBody(text)) return NONE;
  if (!isUtf8(bytes))
    return { ...NONE, error: invalidJson(5, 'Malformed UTF-8 characters, possibly incorrectly encoded') };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...NONE, error: invalidJson(4, 'Syntax error') };
  }
  if (deeperThan(parsed, JSON_DEPTH)) return { ...NONE, error: invalidJson(1, 'Maximum stack depth exceeded') };
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  return { ...NONE, json: isObject ? phpJsonParams(parsed as Record<string, unknown>) : null };
}

/** A multipart POST body into `$_POST` and `$_FILES`, by PHP's rules (rfc1867.c), with busboy. */
async function readMultipart(header: string, bytes: Buffer): Promise<RequestBody> {
  const fields = new PhpVars();
  const files = new PhpVars<UploadedFile>();
  let fieldCount = 0;
  let fileCount = 0;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': header },
      limits: { fieldSize: bytes.length + 1, fileSize: UPLOAD_MAX_FILESIZE },
    });
  } catch {
    // (no boundary: PHP reads nothing from such a body)
    return { json: null, form: {}, files: {} };
  }
  const addField = (name: string, value: string) => {
    // (fields past max_input_vars are dropped; files do not count)
    if (++fieldCount <= MAX_INPUT_VARS) fields.add(name, value);
  };
  parser.on('field', (name, value) => addField(name, value));
  parser.on('file', (name, stream, info) => {
    const chunks: Buffer[] = [];
    let truncated = false;
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('limit', () => {
      truncated = true;
    });
    // A body that ends inside a file part ends that file with an error: the file is dropped (the
    // fields read before it are kept). Without a listener the error would end the process.
    stream.on('error', () => {});
    stream.on('end', () => {
      const data = Buffer.concat(chunks);
      // busboy takes an application/octet-stream part without a file name for a file; PHP takes only
      // parts with a file name for files.
      if (info.filename === undefined) return addField(name, data.toString('utf8'));
      if (++fileCount > MAX_FILE_UPLOADS) return;
      const file: UploadedFile = truncated
        ? { name: info.filename, type: info.mimeType, size: 0, data: null, error: UPLOAD_ERR_INI_SIZE }
        : { name: info.filename, type: info.mimeType, size: data.length, data, error: 0 };
      files.add(name, file);
    });
  });
  await new Promise<void>((resolve) => {
    // (a malformed body keeps what was read before the fault, as PHP does)
    parser.on('error', () => resolve());
    parser.on('close', () => resolve());
    parser.end(bytes);
  });
  return { json: null, form: fields.toObject(), files: files.toObject() };
}

/**
 * The body parameters of a request. Never throws: an unreadable JSON body comes back as `error`,
 * which {@link bodyParams} raises when the route reads its parameters (after routing, as WordPress).
 */
export async function readRequestBody(
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer | string | null,
): Promise<RequestBody> {
  const bytes = body === null ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const header = String(headers['content-type'] ?? '');
  const type = header.trim() === '' ? null : wpContentType(header);
  if (type !== null && isJsonMediaType(type)) return readJson(bytes);
  const verb = method.toUpperCase();
  if (verb === 'POST') {
    const phpType = phpPostType(header);
    if (phpType === 'application/x-www-form-urlencoded')
      return { ...NONE, form: parsePhpPostForm(bytes.toString('utf8')) };
    if (phpType === 'multipart/form-data') return readMultipart(header, bytes);
    return NONE;
  }
  const text = bytes.toString('utf8');
  if ((type === null || type === 'application/x-www-form-urlencoded') && !emptyBody(text)) {
    return { ...NONE, form: parsePhpQuery(text) };
  }
  return NONE;
}

/** The parameters of a body read by {@link readRequestBody}; throws its error, if it has one. */
export function bodyParams(body: RequestBody): Omit<RequestBody, 'error'> {
  if (body.error) throw body.error;
  return { json: body.json, form: body.form, files: body.files };
}
