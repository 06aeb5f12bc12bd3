/**
 * An attachment as WordPress core's media route shows it (WP_REST_Attachments_Controller::
 * prepare_item_for_response over WP_REST_Posts_Controller's), in the `view` and `edit` contexts, and
 * the addresses of its files (wp_get_attachment_url, wp_get_attachment_image_src).
 */
import { escHtml, sanitizeTitle, texturize, wpautop } from '../../../wptext/index.js';
import { uniqueSlug } from '../../format/slug.js';
import { shownGmt } from '../../posts/lifecycle.js';
import { restRoot } from '../../rest/root.js';
import type { RequestScope } from '../../site.js';
import { type Attachment, UPLOADS_URL_PATH } from '../../store/media.js';
import { type CoreContext, metaOf, restDate } from '../post-record.js';
import { REGISTERED_ORDER, SUB_SIZES } from './sizes.js';

const URI_SAFE = /^[A-Za-z0-9_.!~*'()-]*$/;
const encodePath = (path: string) =>
  path
    .split('/')
    .map((p) => (URI_SAFE.test(p) ? p : encodeURIComponent(p)))
    .join('/');

/** The URL of a file below uploads/. */
export const uploadUrl = (origin: string, relative: string) => `${origin}${UPLOADS_URL_PATH}/${encodePath(relative)}`;

/** wp_get_attachment_url: the full size's address. */
export const sourceUrl = (a: Attachment, origin: string) => uploadUrl(origin, a.metadata?.file ?? a.file);

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '');
const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** wp_attachment_is_image: an image type by its file's extension. */
export const isImage = (a: Attachment) => /\.(jpe?g|jpe|gif|png|webp|avif|heic)$/i.test(a.file);

/**
 * wp_get_attachment_image_src for a size name: the size's file when it was made, else the full size
 * fitted into the size's box (image_downsize); [url, width, height].
 */
export function imageSrc(a: Attachment, origin: string, size: string): [string, number, number] | undefined {
  const m = a.metadata;
  // (an image the server could not draw, a HEIC file say, keeps only its size: no source to give)
  if (!m?.sizes) return undefined;
  const made = m.sizes[size];
  if (made) return [uploadUrl(origin, folderOf(m.file) + made.file), made.width, made.height];
  const spec = SUB_SIZES.find((s) => s.name === size);
  let [w, h] = [m.width, m.height];
  if (spec && (spec.width || spec.height)) {
    const ratio = Math.min(spec.width ? spec.width / w : 1, spec.height ? spec.height / h : 1, 1);
    [w, h] = [Math.max(1, Math.round(w * ratio)), Math.max(1, Math.round(h * ratio))];
  }
  return [sourceUrl(a, origin), w, h];
}

/** wp_calculate_image_srcset for the medium image of the description: the sizes of the same shape. */
function srcset(a: Attachment, origin: string, src: [string, number, number]): string | undefined {
  const m = a.metadata;
  if (!m) return undefined;
  const [, w, h] = src;
  const sameShape = (sw: number, sh: number) => Math.abs(sw / sh - w / h) < 0.01 || Math.round((sw * h) / w) === sh;
  const sources = new Map<number, string>();
  const candidates = [
    ...Object.values(m.sizes).map((s) => ({
      w: s.width,
      h: s.height,
      url: uploadUrl(origin, folderOf(m.file) + s.file),
    })),
    { w: m.width, h: m.height, url: sourceUrl(a, origin) },
  ];
  for (const c of candidates) if (c.w <= 2048 && sameShape(c.w, c.h) && !sources.has(c.w)) sources.set(c.w, c.url);
  if (sources.size < 2) return undefined;
  return [...sources].map(([width, url]) => `${url} ${width}w`).join(', ');
}

/** The description as the_content shows an attachment (prepend_attachment: its medium image or its link). */
function renderedDescription(a: Attachment, origin: string): string {
  const url = sourceUrl(a, origin);
  let inner = texturize(a.post.title);
  const src = isImage(a) ? imageSrc(a, origin, 'medium') : undefined;
  if (src) {
    const set = srcset(a, origin, src);
    const extra = set ? ` srcset="${set}" sizes="auto, (max-width: ${src[1]}px) 100vw, ${src[1]}px"` : '';
    inner = `<img loading="lazy" decoding="async" width="${src[1]}" height="${src[2]}" src="${src[0]}" class="attachment-medium size-medium" alt="${escHtml(a.alt)}"${extra} />`;
  }
  const body = a.post.content === '' ? '' : wpautop(a.post.content);
  return `<p class="attachment"><a href='${url}'>${inner}</a></p>\n${body}`;
}

/** media_details: the stored metadata with each size's address and the `full` size added. */
function mediaDetails(a: Attachment, origin: string): Record<string, unknown> {
  const m = a.metadata;
  if (!m) return {};
  // (a file that is not an image keeps only its size: core adds an empty `sizes`)
  if (!m.sizes) return { ...m, sizes: {} };
  const sizes: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(m.sizes)) {
    const { 'mime-type': mime, ...rest } = s;
    sizes[name] = { ...rest, mime_type: mime, source_url: imageSrc(a, origin, name)?.[0] };
  }
  if (Object.keys(sizes).length > 0) {
    const full = sourceUrl(a, origin);
    sizes.full = { file: baseName(m.file), width: m.width, height: m.height, mime_type: a.mime, source_url: full };
  }
  const out: Record<string, unknown> = { width: m.width, height: m.height, file: m.file, filesize: m.filesize };
  out.sizes = sizes;
  out.image_meta = m.image_meta;
  if (m.original_image) out.original_image = m.original_image;
  return out;
}

/** The attachment's page: below its parent's page, or at the site root. */
export function attachmentLink(a: Attachment, scope: RequestScope): string {
  // (plain permalinks: the attachment's query variable, as get_attachment_link falls back to)
  if (scope.site.permalinks === 'plain') return `${scope.origin}/?attachment_id=${a.post.id}`;
  const parent = a.post.parent ? scope.stores.posts.get(a.post.parent) : undefined;
  if (parent && parent.status === 'publish') {
    const base: Record<string, string> = { tribe_events: 'event', tribe_venue: 'venue', tribe_organizer: 'organizer' };
    return `${scope.origin}/${base[parent.type] ?? parent.type}/${parent.slug}/${a.post.slug}/`;
  }
  return `${scope.origin}/${a.post.slug}/`;
}

function links(a: Attachment, scope: RequestScope, allow: string[], edit: boolean): Record<string, unknown> {
  const wp = `${restRoot(scope)}/wp/v2`;
  const self = `${wp}/media/${a.post.id}`;
  const out: Record<string, unknown> = {
    self: [{ href: self, targetHints: { allow } }],
    collection: [{ href: `${wp}/media` }],
    about: [{ href: `${wp}/types/attachment` }],
    author: [{ embeddable: true, href: `${wp}/users/${a.post.author}` }],
    replies: [{ embeddable: true, href: `${wp}/comments?post=${a.post.id}` }],
  };
  if (edit) {
    out['wp:action-unfiltered-html'] = [{ href: self }];
    out['wp:action-assign-author'] = [{ href: self }];
    out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  }
  return out;
}

/** The sizes an image should have and has not (wp_get_missing_image_subsizes), in registration order. */
function missingSizes(a: Attachment): string[] {
  const m = a.metadata;
  if (!m || !isImage(a)) return [];
  // (sizes are measured against the original, also when the full size is a scaled copy)
  const [w, h] = [m.width, m.height];
  return REGISTERED_ORDER.filter((name) => {
    if (m.sizes[name]) return false;
    const spec = SUB_SIZES.find((s) => s.name === name);
    if (!spec) return false;
    const fits =
      spec.height === 0 ? w > spec.width : spec.width === 0 ? h > spec.height : w > spec.width || h > spec.height;
    return fits && !(Math.abs(w - spec.width) <= 1 && Math.abs(h - spec.height) <= 1);
  });
}

/** An attachment in core's shape; `allow` null leaves `_links` out (a deleted item's `previous`). */
export function serializeAttachment(
  a: Attachment,
  scope: RequestScope,
  context: CoreContext,
  allow: string[] | null,
): Record<string, unknown> {
  const edit = context === 'edit';
  const { post } = a;
  const guid = `${scope.origin}${encodePath(post.guid)}`;
  const out: Record<string, unknown> = {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restDate(shownGmt(post.date, post.date_utc, scope)),
    guid: edit ? { rendered: guid, raw: guid } : { rendered: guid },
    modified: restDate(post.modified),
    modified_gmt: restDate(shownGmt(post.modified, post.modified_utc, scope)),
    slug: post.slug,
    status: post.status,
    type: 'attachment',
    link: attachmentLink(a, scope),
    title: edit ? { raw: post.title, rendered: texturize(post.title) } : { rendered: texturize(post.title) },
    author: post.author,
    featured_media: 0,
    comment_status: 'open',
    ping_status: 'closed',
    template: '',
  };
  const meta = metaOf(post, { organizers: [], terms: [] });
  delete meta.footnotes;
  out.meta = meta;
  if (edit) {
    out.permalink_template = `${scope.origin}/?attachment_id=${post.id}`;
    // (the slug the title would give: get_sample_permalink)
    out.generated_slug = uniqueSlug(sanitizeTitle(post.title) || String(post.id), (c) =>
      scope.stores.posts.isSlugTakenByAny(c, post.id),
    );
  }
  out.class_list = [`post-${post.id}`, 'attachment', 'type-attachment', `status-${post.status}`, 'hentry'];
  const description = renderedDescription(a, scope.origin);
  out.description = edit ? { raw: post.content, rendered: description } : { rendered: description };
  const caption = post.excerpt === '' ? '' : wpautop(post.excerpt);
  out.caption = edit ? { raw: post.excerpt, rendered: caption } : { rendered: caption };
  out.alt_text = a.alt;
  out.media_type = isImage(a) ? 'image' : 'file';
  out.mime_type = a.mime;
  out.media_details = mediaDetails(a, scope.origin);
  out.post = post.parent ? post.parent : null;
  out.source_url = sourceUrl(a, scope.origin);
  if (edit) out.missing_image_sizes = missingSizes(a);
  out.filename = baseName(a.file);
  out.filesize = a.metadata?.filesize ?? null;
  if (edit && isImage(a)) {
    const o = Number(a.metadata?.image_meta.orientation ?? 0);
    out.exif_orientation = o > 0 ? o : 1;
  }
  if (allow) out._links = links(a, scope, allow, edit);
  return out;
}
