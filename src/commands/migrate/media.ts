/**
 * A featured image copied from one site to another: the full-size file read from the source (its
 * uploads, through the source's client: the local calendar serves them in-process) and uploaded to
 * the target's media library through WordPress core's `POST /wp/v2/media`, the file as the body with
 * its type and name, as `wp media import` and the block editor send it.
 */
import { coreRouteUrl } from '../../api/core-routes.js';
import type { ApiClient } from '../../api/index.js';
import { IMAGE_TYPES } from '../../catalog/media-types.js';

/** The type of an image by its name's extension (what the source's web server would have said). */
const TYPES = IMAGE_TYPES;

/** The file name of an address (`…/2026/11/poster.png` → `poster.png`). */
export function fileNameOf(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {}
  const last = path.split('/').filter(Boolean).pop() ?? 'image';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Downloads an image of the source (its bytes and type). */
export async function downloadImage(
  source: ApiClient,
  url: string,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; type: string; name: string }> {
  const res = await source.get<string | Buffer>(url, { unparsed: true, signal, headers: { accept: '*/*' } });
  const bytes = Buffer.isBuffer(res.body) ? res.body : Buffer.from(res.body, 'binary');
  const name = fileNameOf(url);
  const ext = (/\.([^.]+)$/.exec(name)?.[1] ?? '').toLowerCase();
  const served = (res.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const type = served.startsWith('image/') ? served : (TYPES[ext] ?? 'application/octet-stream');
  if (bytes.length === 0) throw new Error(`${url} answered an empty file`);
  return { bytes, type, name };
}

/** Uploads a file to the target's media library; resolves with the new attachment's id. */
export async function uploadImage(
  target: ApiClient,
  file: { bytes: Buffer; type: string; name: string },
  signal?: AbortSignal,
): Promise<number> {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  const res = await target.request<{ id: number }>('POST', coreRouteUrl(target.baseUrl, '/media'), {
    bytes: file.bytes,
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${ascii}"`,
    },
    signal,
    finish: true,
  });
  const id = Number(res.body?.id);
  if (!Number.isInteger(id) || id <= 0) throw new Error('the media library answered no id');
  return id;
}
