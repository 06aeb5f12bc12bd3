/**
 * The media library's pure rules, against values worked out from WordPress's functions:
 * image_resize_dimensions / wp_constrain_dimensions, get_filename_from_disposition, sanitize_file_name,
 * wp_unique_filename, handle_featured_media.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestScope } from '../../src/server/site.js';
import { newPost } from '../../src/server/store/posts.js';
import type { PostType } from '../../src/server/store/types.js';
import { openStores } from '../../src/server/stores.js';
import { handleFeaturedMedia } from '../../src/server/wp/media/featured.js';
import { constrainDimensions, resizeDimensions } from '../../src/server/wp/media/sizes.js';
import {
  filenameOfDisposition,
  sanitizeFileName,
  sniffImage,
  storedNameAndType,
  uniqueFileName,
} from '../../src/server/wp/media/upload.js';

describe('image sizes as WordPress computes them', () => {
  it('fits a box keeping the ratio, rounding up a pixel short of the bound', () => {
    expect(constrainDimensions(1200, 800, 300, 300)).toEqual([300, 200]);
    expect(constrainDimensions(1200, 800, 1024, 1024)).toEqual([1024, 683]);
    expect(constrainDimensions(1200, 800, 768, 0)).toEqual([768, 512]);
    expect(constrainDimensions(3000, 2000, 2560, 2560)).toEqual([2560, 1707]);
    expect(constrainDimensions(799, 1201, 300, 300)).toEqual([200, 300]);
  });

  it('crops from the centre, and makes no size the image is too small for or nearly equal to', () => {
    expect(resizeDimensions(1200, 800, 150, 150, true)).toEqual({
      width: 150,
      height: 150,
      crop: { left: 200, top: 0, width: 800, height: 800 },
    });
    expect(resizeDimensions(16, 16, 150, 150, true)).toBeUndefined();
    expect(resizeDimensions(1200, 800, 1536, 1536, false)).toBeUndefined();
    expect(resizeDimensions(301, 200, 300, 300, false)).toBeUndefined();
    // (one side over the box is enough for a crop: the other side is kept)
    expect(resizeDimensions(400, 100, 150, 150, true)).toMatchObject({ width: 150, height: 100 });
  });
});

describe('upload names as WordPress takes them', () => {
  it('reads the file name of a Content-Disposition', () => {
    expect(filenameOfDisposition('attachment; filename="a b.jpg"')).toBe('a b.jpg');
    expect(filenameOfDisposition('attachment; filename=plain.png')).toBe('plain.png');
    expect(filenameOfDisposition('attachment')).toBe('');
    expect(filenameOfDisposition('inline; name="x"')).toBe('');
  });

  it('cleans names and keeps them unique in their folder, extension lower-cased', () => {
    expect(sanitizeFileName('Été   party (final)!.JPG')).toBe('Ete-party-final.JPG');
    expect(sanitizeFileName('archive.php.jpg')).toBe('archive.php_.jpg');
    const taken = new Set(['2026/11/photo.jpg', '2026/11/photo-1.jpg']);
    expect(uniqueFileName('2026/11', 'photo.jpg', (r) => taken.has(r))).toBe('photo-2.jpg');
    expect(
      storedNameAndType({ name: 'Photo.JPEG', type: '', bytes: Buffer.from([0xff, 0xd8, 0xff]), from: 'body' }),
    ).toEqual({ name: 'Photo.jpeg', mime: 'image/jpeg' });
  });

  it('gives an image whose bytes say another type that type', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(sniffImage(png)).toBe('image/png');
    expect(storedNameAndType({ name: 'shot.jpg', type: 'image/jpeg', bytes: png, from: 'form' })).toEqual({
      name: 'shot.png',
      mime: 'image/png',
    });
    expect(() => storedNameAndType({ name: 'tool.exe', type: '', bytes: png, from: 'form' })).toThrow(
      expect.objectContaining({ code: 'rest_upload_unknown_error', status: 500 }),
    );
  });
});

describe('featured_media on a core write (handle_featured_media)', () => {
  it("takes an image attachment, removes with 0, refuses anything else with core's code", () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-featured-'));
    const stores = openStores(dir);
    try {
      const scope: RequestScope = {
        site: { vendor: 'tribe', perPage: 10, timezone: 'UTC', now: () => new Date() },
        stores,
        origin: 'http://127.0.0.1',
        userId: 1,
      };
      const row = (type: string, title: string) =>
        newPost({ type: type as PostType, title, date: '2026-01-01 00:00:00', date_utc: '2026-01-01 00:00:00' });
      const event = stores.posts.insert(row('tribe_events', 'An event'));
      const image = stores.media.insert(row('attachment', 'photo'), 'image/jpeg', '2026/01/photo.jpg', '');
      const pdf = stores.media.insert(row('attachment', 'menu'), 'application/pdf', '2026/01/menu.pdf', '');
      handleFeaturedMedia(scope, event, String(image));
      expect(stores.media.thumbnailOf(event)).toBe(image);
      for (const bad of [pdf, event, 999]) {
        expect(() => handleFeaturedMedia(scope, event, bad)).toThrow(
          expect.objectContaining({ status: 400, code: 'rest_invalid_featured_media' }),
        );
      }
      expect(stores.media.thumbnailOf(event)).toBe(image);
      handleFeaturedMedia(scope, event, 0);
      expect(stores.media.thumbnailOf(event)).toBe(0);
    } finally {
      stores.db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
