/**
 * The uploaded files, served as the web server in front of a WordPress site serves
 * `wp-content/uploads/`: the bytes with their type, `Last-Modified`, and a 404 for anything else.
 */
import { createReadStream, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_TYPES } from '../../catalog/media-types.js';
import { type MediaStore, UPLOADS_URL_PATH } from '../store/media.js';
import { noRoute } from './errors.js';

/** The types of the files the library takes, by extension (what a web server would send). */
const TYPES: Record<string, string> = {
  ...IMAGE_TYPES,
  pdf: 'application/pdf',
  txt: 'text/plain; charset=UTF-8',
  csv: 'text/csv; charset=UTF-8',
  ics: 'text/calendar; charset=UTF-8',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  zip: 'application/zip',
};

/** The type a file is served with: by its extension, `application/octet-stream` when unknown. */
export const servedType = (name: string) =>
  TYPES[(/\.([^./]+)$/.exec(name)?.[1] ?? '').toLowerCase()] ?? 'application/octet-stream';

export function serveUpload(media: MediaStore, req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? '';
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(UPLOADS_URL_PATH.length + 1));
  } catch {
    relative = '';
  }
  const full = relative === '' || relative.includes('\0') ? undefined : media.pathOf(relative);
  const stat = full ? statSync(full, { throwIfNoEntry: false }) : undefined;
  if (!full || !stat?.isFile()) {
    const err = noRoute();
    return reply.code(404).header('Content-Type', 'application/json; charset=UTF-8').send(JSON.stringify(err.toBody()));
  }
  reply
    .code(200)
    .header('Content-Type', servedType(full))
    .header('Content-Length', String(stat.size))
    .header('Last-Modified', stat.mtime.toUTCString());
  if (req.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(full));
}
