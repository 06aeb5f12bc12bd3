/**
 * An upload as WordPress takes it in (WP_REST_Attachments_Controller::upload_from_data and
 * upload_from_file, then wp_handle_sideload / wp_handle_upload): the file from the raw body named by
 * `Content-Disposition`, or from the multipart field `file`; its name as sanitize_file_name leaves it,
 * its type from its extension (wp_check_filetype, with the real type of an image winning as
 * wp_check_filetype_and_ext decides), and a name no file of the month's folder has (wp_unique_filename).
 */
import { createHash } from 'node:crypto';
import { removeAccents } from '../../../wptext/index.js';
import { RestError } from '../../http/errors.js';

/** A file as the request carried it. */
export interface Upload {
  /** the client's file name */
  name: string;
  /** the Content-Type the client gave */
  type: string;
  bytes: Buffer;
  /** how it came: the raw body or a multipart part (their errors differ) */
  from: 'body' | 'form';
}

/** get_allowed_mime_types (single-site administrators' list, the common part), by extension. */
const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  ics: 'text/calendar',
  mp3: 'audio/mpeg',
  m4a: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** The extension of each image type, for a file whose bytes say it is another image type. */
const EXT_OF_IMAGE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
};

export const mimeOfName = (name: string): string | undefined =>
  MIME_BY_EXT[(/\.([^./]+)$/.exec(name)?.[1] ?? '').toLowerCase()];

/** The image type the first bytes of a file say (wp_get_image_mime), or undefined. */
export function sniffImage(b: Buffer): string | undefined {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  if (b.length >= 12 && b.subarray(4, 12).toString('latin1') === 'ftypavif') return 'image/avif';
  return undefined;
}

/** The file name of a `Content-Disposition` value (get_filename_from_disposition), or ''. */
export function filenameOfDisposition(header: string): string {
  let filename = '';
  const value = header.trim();
  if (!value.includes(';')) return '';
  for (const part of value.slice(value.indexOf(';') + 1).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== 'filename') continue;
    filename = part.slice(eq + 1).trim();
  }
  if (filename.length >= 2 && filename.startsWith('"') && filename.endsWith('"')) filename = filename.slice(1, -1);
  return filename;
}

const SPECIAL = /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+\u2019\u00ab\u00bb\u201d\u201c\u0000]/g;

/** sanitize_file_name: no characters a URL or a shell would trip on, dashes for spaces. */
export function sanitizeFileName(name: string): string {
  let out = removeAccents(name).replace(/\p{Zs}/gu, ' ');
  out = out.replace(SPECIAL, '');
  out = out.replace(/%20|\+/g, '-');
  out = out.replace(/\.{2,}/g, '.');
  out = out.replace(/[\r\n\t -]+/g, '-');
  out = out.replace(/^[.\-_]+|[.\-_]+$/g, '');
  const parts = out.split('.');
  if (parts.length <= 2) return out;
  // (a middle part that looks like an extension not allowed gets `_`, so it cannot run as one)
  const first = parts.shift() as string;
  const ext = parts.pop() as string;
  const middle = parts.map((p) => (/^[a-zA-Z]{2,5}\d?$/.test(p) && !MIME_BY_EXT[p.toLowerCase()] ? `${p}_` : p));
  return [first, ...middle, ext].join('.');
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** The checks upload_from_data and upload_from_file make before storing anything. */
export function checkUpload(upload: Upload | undefined, header: (name: string) => string | undefined): Upload {
  if (!upload || upload.bytes.length === 0) throw new RestError(400, 'rest_upload_no_data', 'No data was sent.');
  const expected = header('content-md5');
  if (expected && expected.trim() !== md5(upload.bytes)) {
    throw new RestError(412, 'rest_upload_hash_mismatch', 'The Content-MD5 sent does not match the data.');
  }
  return upload;
}

/** The file from a raw body: the errors of upload_from_data when a header is missing. */
export function uploadFromBody(bytes: Buffer, header: (name: string) => string | undefined): Upload {
  if (bytes.length === 0) throw new RestError(400, 'rest_upload_no_data', 'No data was sent.');
  const type = header('content-type') ?? '';
  if (type === '') throw new RestError(400, 'rest_upload_no_content_type', 'Send the file type in Content-Type.');
  const disposition = header('content-disposition') ?? '';
  if (disposition === '')
    throw new RestError(400, 'rest_upload_no_content_disposition', 'Send the file name in Content-Disposition.');
  const name = filenameOfDisposition(disposition);
  if (name === '') {
    throw new RestError(
      400,
      'rest_upload_invalid_disposition',
      'Content-Disposition names no file: send it as `attachment; filename="photo.jpg"`.',
    );
  }
  return { name, type, bytes, from: 'body' };
}

/** The file's stored name and type, or the sideload's refusal of a type the site does not take. */
export function storedNameAndType(upload: Upload): { name: string; mime: string } {
  let name = sanitizeFileName(upload.name);
  let mime = mimeOfName(name);
  const real = sniffImage(upload.bytes);
  // (an image whose bytes are another image type gets that type's extension: wp_check_filetype_and_ext)
  if (mime?.startsWith('image/') && real && real !== mime && EXT_OF_IMAGE[real]) {
    name = `${name.replace(/\.[^.]+$/, '')}.${EXT_OF_IMAGE[real]}`;
    mime = real;
  }
  // (an image type whose bytes are no image it can read is refused: the file's real type, as fileinfo
  // reads it, is not the one its name claims — wp_check_filetype_and_ext, then _wp_handle_upload)
  if (!mime || (EXT_OF_IMAGE[mime] && !real)) {
    const code = upload.from === 'body' ? 'rest_upload_sideload_error' : 'rest_upload_unknown_error';
    throw new RestError(500, code, 'This file type may not be uploaded.');
  }
  // (wp_unique_filename lower-cases the extension)
  return { name: name.replace(/\.([^.]+)$/, (_m, ext: string) => `.${ext.toLowerCase()}`), mime };
}

/**
 * wp_unique_filename: `name.ext`, else `name-1.ext`, `name-2.ext`… the first that no file of the
 * folder has, nor any sub-size of an earlier upload would have.
 */
export function uniqueFileName(folder: string, name: string, taken: (relative: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : `${base}-${n}${ext}`;
    if (!taken(`${folder}/${candidate}`)) return candidate;
  }
}
