/**
 * An uploaded image's sub-sizes, as WordPress makes them with an image editor
 * (wp_create_image_subsizes, image_resize_dimensions, wp_constrain_dimensions), drawn by sharp (libvips):
 * the registered sizes in the order core creates them, the big-image threshold (`-scaled`), the
 * editor's default qualities. sharp is loaded on the first upload only.
 */
import type { Sharp } from 'sharp';

export interface SizeSpec {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

/**
 * The registered sizes (wp_get_registered_image_subsizes with core's default options), in the order
 * core creates them: `medium`, `large`, `thumbnail`, `medium_large` first (their priority), then the rest.
 */
export const SUB_SIZES: readonly SizeSpec[] = [
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** The registered sizes in registration order (what wp_get_missing_image_subsizes walks). */
export const REGISTERED_ORDER = ['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', '2048x2048'];

/** big_image_size_threshold: a larger image is scaled down to fit this box, as `name-scaled.ext`. */
export const BIG_IMAGE_THRESHOLD = 2560;

/** The image types the editor reads and writes (wp_image_editor_supports with sharp's prebuilt libvips). */
export const EDITABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** wp_constrain_dimensions: fit a box keeping the ratio (0 leaves a side free). */
export function constrainDimensions(w: number, h: number, maxW: number, maxH: number): [number, number] {
  if (!maxW && !maxH) return [w, h];
  let widthRatio = 1;
  let heightRatio = 1;
  const didWidth = maxW > 0 && w > maxW;
  const didHeight = maxH > 0 && h > maxH;
  if (didWidth) widthRatio = maxW / w;
  if (didHeight) heightRatio = maxH / h;
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  // (PHP compares against 0 for a free side: any size overflows it, so the smaller ratio is taken)
  const ratio = Math.round(w * larger) > maxW || Math.round(h * larger) > maxH ? smaller : larger;
  let nw = Math.max(1, phpRound(w * ratio));
  let nh = Math.max(1, phpRound(h * ratio));
  if (didWidth && nw === maxW - 1) nw = maxW;
  if (didHeight && nh === maxH - 1) nh = maxH;
  return [nw, nh];
}

/** PHP's round(): halves away from zero. */
const phpRound = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** What to draw for one size: the new dimensions and, when cropping, the source rectangle. */
export interface Resize {
  width: number;
  height: number;
  crop?: { left: number; top: number; width: number; height: number };
}

/** image_resize_dimensions: the size to make, or undefined when the original is too small for it. */
export function resizeDimensions(ow: number, oh: number, dw: number, dh: number, crop: boolean): Resize | undefined {
  if (ow <= 0 || oh <= 0 || (dw <= 0 && dh <= 0)) return undefined;
  if (!dh ? ow < dw : !dw ? oh < dh : ow < dw && oh < dh) return undefined;
  let out: Resize;
  if (crop) {
    const aspect = ow / oh;
    let nw = Math.min(dw, ow);
    let nh = Math.min(dh, oh);
    if (!nw) nw = phpRound(nh * aspect);
    if (!nh) nh = phpRound(nw / aspect);
    const ratio = Math.max(nw / ow, nh / oh);
    const cw = phpRound(nw / ratio);
    const ch = phpRound(nh / ratio);
    out = {
      width: nw,
      height: nh,
      crop: { left: Math.floor((ow - cw) / 2), top: Math.floor((oh - ch) / 2), width: cw, height: ch },
    };
  } else {
    const [nw, nh] = constrainDimensions(ow, oh, dw, dh);
    out = { width: nw, height: nh };
  }
  // (a size within a pixel of the original is not made: wp_fuzzy_number_match)
  if (Math.abs(out.width - ow) <= 1 && Math.abs(out.height - oh) <= 1) return undefined;
  return out;
}

/** One picture drawn for an upload: the bytes and their dimensions. */
export interface Drawn {
  bytes: Buffer;
  width: number;
  height: number;
}

/** What the editor made of an uploaded image. */
export interface ProcessedImage {
  width: number;
  height: number;
  /** the EXIF orientation (0 without one), as wp_read_image_metadata reports it */
  orientation: number;
  /** the scaled-down full size, when the original is over the threshold */
  scaled?: Drawn;
  /** the sub-sizes made, in creation order */
  sizes: (Drawn & { name: string })[];
}

type SharpFactory = (input?: Buffer) => Sharp;
let loaded: Promise<SharpFactory> | undefined;
/** sharp, loaded once, on first use (start-up never pays for libvips). */
const sharpOf = (): Promise<SharpFactory> => {
  loaded ??= import('sharp').then((m) => (m.default ?? m) as unknown as SharpFactory);
  return loaded;
};

/** The editor's default quality per output type (WP_Image_Editor's 82 for JPEG, 86 for WebP). */
function encode(image: Sharp, mime: string): Sharp {
  if (mime === 'image/jpeg') return image.jpeg({ quality: 82 });
  if (mime === 'image/webp') return image.webp({ quality: 86 });
  if (mime === 'image/png') return image.png();
  if (mime === 'image/gif') return image.gif();
  return image.avif();
}

async function draw(sharp: SharpFactory, source: Buffer, mime: string, r: Resize): Promise<Drawn> {
  let image = sharp(source);
  if (r.crop) image = image.extract(r.crop);
  const bytes = await encode(image.resize(r.width, r.height, { fit: 'fill' }), mime).toBuffer();
  return { bytes, width: r.width, height: r.height };
}

/**
 * Reads an uploaded image and draws what WordPress would: the scaled full size over the threshold,
 * then every registered size the image is large enough for. Undefined when the bytes are not an image
 * the editor can read.
 */
export async function processImage(bytes: Buffer, mime: string): Promise<ProcessedImage | undefined> {
  if (!EDITABLE.has(mime)) return undefined;
  const sharp = await sharpOf();
  let meta: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return undefined;
  }
  const { width, height } = meta;
  if (!width || !height) return undefined;
  const out: ProcessedImage = { width, height, orientation: meta.orientation ?? 0, sizes: [] };
  if (width > BIG_IMAGE_THRESHOLD || height > BIG_IMAGE_THRESHOLD) {
    const [sw, sh] = constrainDimensions(width, height, BIG_IMAGE_THRESHOLD, BIG_IMAGE_THRESHOLD);
    out.scaled = await draw(sharp, bytes, mime, { width: sw, height: sh });
  }
  // (sub-sizes are drawn from the original, measured against its dimensions: _wp_make_subsizes)
  for (const size of SUB_SIZES) {
    const r = resizeDimensions(width, height, size.width, size.height, size.crop);
    if (r) out.sizes.push({ name: size.name, ...(await draw(sharp, bytes, mime, r)) });
  }
  return out;
}
