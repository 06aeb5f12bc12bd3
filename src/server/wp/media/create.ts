/**
 * `POST /wp/v2/media` (WP_REST_Attachments_Controller::create_item): the file is read and its image
 * sizes drawn before the request's transaction (`prepare`, sharp is asynchronous); inside it, the
 * checks in core's order, the files written below uploads/YYYY/MM/, the attachment inserted with the
 * metadata wp_generate_attachment_metadata would keep.
 */

import { sanitizeTitle } from '../../../wptext/index.js';
import { uniqueSlug } from '../../format/slug.js';
import { RestError } from '../../http/errors.js';
import { siteNow } from '../../posts/rules.js';
import { mergeParams } from '../../rest/params.js';
import { restRoot } from '../../rest/root.js';
import type { Input, Params, Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import { ATTACHMENT, type ImageMetadata, type SizeMeta, UPLOADS_URL_PATH } from '../../store/media.js';
import { newPost } from '../../store/posts.js';
import type { PostType } from '../../store/types.js';
import { can } from '../../users/caps.js';
import { serializeAttachment } from './record.js';
import { type ProcessedImage, processImage } from './sizes.js';
import { checkUpload, storedNameAndType, type Upload, uniqueFileName, uploadFromBody } from './upload.js';

/** What `prepare` read of the request: the upload (or why there is none) and the image drawn from it. */
export interface PreparedUpload {
  upload?: Upload;
  error?: RestError;
  image?: ProcessedImage;
}

const isMultipart = (input: Input) => /^multipart\/form-data/i.test(input.header('content-type') ?? '');

/** The file the request carries: the multipart field `file`, or the raw body. */
function uploadOf(input: Input): Upload | undefined {
  if (isMultipart(input)) {
    const files = (input.body() as { files?: Record<string, unknown> | null }).files;
    const file = files?.file as { name: string; type: string; data: Buffer | null; error: number } | undefined;
    // (a file PHP refused, larger than upload_max_filesize: wp_handle_upload's error)
    if (file && (file.error !== 0 || !file.data))
      throw new RestError(500, 'rest_upload_unknown_error', 'The file is larger than the server takes in a form.');
    return file?.data ? { name: file.name, type: file.type, bytes: file.data, from: 'form' } : undefined;
  }
  return uploadFromBody(input.bytes?.() ?? Buffer.alloc(0), input.header);
}

/** current_user_can('upload_files'): administrators, editors and authors on a site (users/roles.ts). */
export const mayUploadFiles = (scope: RequestScope): boolean => can(scope, 'upload_files');

/** Reads the upload and draws its sizes; nothing for a caller the permission check refuses. */
export async function prepareUpload(input: Input, scope: RequestScope): Promise<PreparedUpload> {
  if (!mayUploadFiles(scope)) return {};
  let upload: Upload | undefined;
  try {
    upload = uploadOf(input);
  } catch (err) {
    if (err instanceof RestError) return { error: err };
    throw err;
  }
  if (!upload) return {};
  let mime: string | undefined;
  try {
    mime = storedNameAndType(upload).mime;
  } catch {
    return { upload };
  }
  const image = await processImage(upload.bytes, mime);
  return image ? { upload, image } : { upload };
}

/** The parameters of a create or an update: the body's (JSON or form) over the query string's. */
export function writeParams(input: Input): Params {
  const body =
    isMultipart(input) || /^application\/(json|x-www-form-urlencoded)/i.test(input.header('content-type') ?? '')
      ? input.body()
      : { json: null, form: null };
  return mergeParams({ method: input.method, query: input.query, json: body.json, form: body.form, path: {} });
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** The `post` a file is attached to: an existing post that is not itself an attachment. */
export function parentOf(scope: RequestScope, value: unknown): number {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return 0;
  const id = Number(value);
  const post = Number.isInteger(id) && id > 0 ? scope.stores.posts.get(id) : undefined;
  if (post && (post.type as string) === ATTACHMENT)
    throw new RestError(400, 'rest_invalid_param', 'A file cannot be attached to another file.');
  if (!post)
    throw new RestError(400, 'rest_invalid_param', 'Invalid parameter(s): post', {
      params: { post: 'No post has this ID.' },
    });
  return id;
}

/** The suffix of a sub-size's file name: `photo.jpg` → `photo-300x200.jpg`. */
const sizedName = (name: string, w: number, h: number) => name.replace(/(\.[^.]+)?$/, (ext) => `-${w}x${h}${ext}`);

/** image_meta as wp_read_image_metadata answers for a file without IPTC or EXIF texts. */
export const imageMeta = (orientation: number): Record<string, unknown> => ({
  aperture: '0',
  credit: '',
  camera: '',
  caption: '',
  created_timestamp: '0',
  copyright: '',
  focal_length: '0',
  iso: '0',
  shutter_speed: '0',
  title: '',
  orientation: String(orientation),
  keywords: [],
  alt: '',
});

/** Writes the upload's files and answers the metadata to keep (wp_generate_attachment_metadata). */
function storeFiles(
  scope: RequestScope,
  folder: string,
  name: string,
  upload: Upload,
  mime: string,
  image?: ProcessedImage,
) {
  const { media } = scope.stores;
  media.writeFile(`${folder}/${name}`, upload.bytes);
  if (!image)
    return { file: `${folder}/${name}`, metadata: { filesize: upload.bytes.length } as unknown as ImageMetadata };
  let full = name;
  let { width, height } = image;
  let filesize = upload.bytes.length;
  if (image.scaled) {
    full = name.replace(/(\.[^.]+)?$/, (ext) => `-scaled${ext}`);
    media.writeFile(`${folder}/${full}`, image.scaled.bytes);
    ({ width, height } = image.scaled);
    filesize = image.scaled.bytes.length;
  }
  const sizes: Record<string, SizeMeta> = {};
  for (const s of image.sizes) {
    const file = sizedName(name, s.width, s.height);
    if (!media.nameTaken(`${folder}/${file}`)) media.writeFile(`${folder}/${file}`, s.bytes);
    sizes[s.name] = { file, width: s.width, height: s.height, 'mime-type': mime, filesize: s.bytes.length };
  }
  const metadata: ImageMetadata = {
    width,
    height,
    file: `${folder}/${full}`,
    filesize,
    sizes,
    image_meta: imageMeta(image.orientation),
  };
  if (image.scaled) metadata.original_image = name;
  return { file: `${folder}/${full}`, metadata };
}

/** create_item, once the permission check passed. */
export function createAttachment(scope: RequestScope, prepared: PreparedUpload, input: Input): Reply {
  if (prepared.error) throw prepared.error;
  const upload = checkUpload(prepared.upload, input.header);
  const params = writeParams(input);
  const parent = parentOf(scope, params.post);
  const { name: cleanName, mime } = storedNameAndType(upload);
  const now = siteNow(scope);
  // (an upload attached to a post goes to that post's month, as media_handle_upload does)
  const parentPost = parent ? scope.stores.posts.get(parent) : undefined;
  const when = parentPost && parentPost.date.slice(0, 4) > '0000' ? parentPost.date : now.local;
  const folder = `${when.slice(0, 4)}/${when.slice(5, 7)}`;
  const name = uniqueFileName(folder, cleanName, (rel) => scope.stores.media.nameTaken(rel));
  const { file, metadata } = storeFiles(scope, folder, name, upload, mime, prepared.image);

  const asked = text(params.title);
  // (a raw upload is named after its stored file, a form upload after the name the client gave)
  const fromName = upload.from === 'form' ? upload.name : name;
  const title = asked !== undefined && asked !== '' ? asked : fromName.replace(/\.[^.]+$/, '') || fromName;
  const slug = uniqueSlug(sanitizeTitle(text(params.slug) || title), (c) => scope.stores.posts.isSlugTakenByAny(c));
  const post = newPost({
    type: ATTACHMENT as PostType,
    title,
    date: now.local,
    date_utc: now.utc,
    status: 'inherit',
    author: scope.userId ?? 1,
    content: text(params.description) ?? '',
    excerpt: text(params.caption) ?? '',
    slug,
    parent,
    guid: `${UPLOADS_URL_PATH}/${folder}/${name}`,
  });
  const id = scope.stores.media.insert(post, mime, file, text(params.alt_text) ?? '');
  scope.stores.media.setMetadata(id, metadata);
  const attachment = scope.stores.media.get(id);
  if (!attachment) throw new Error(`attachment ${id} not found after its insert`);
  return {
    status: 201,
    body: serializeAttachment(attachment, scope, 'edit', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    headers: {
      Location: `${restRoot(scope)}/wp/v2/media/${id}`,
      'X-WP-Upload-Attachment-ID': String(id),
      Allow: 'GET, POST',
    },
  };
}
