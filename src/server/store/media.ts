/**
 * The media library's storage: attachments are rows of the posts table (type `attachment`, status
 * `inherit`: one id space with events, venues and organizers, as in WordPress), with the post meta
 * WordPress keeps for them (`_wp_attached_file`, `_wp_attachment_metadata`, `_wp_attachment_image_alt`),
 * a post's featured image as its `_thumbnail_id` meta, and the uploaded files under the data dir's
 * `uploads/` folder (WordPress's `wp-content/uploads/`). The files a write adds or removes take effect
 * with its transaction's commit, through the pending folder beside uploads/ (upload-journal.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative as relativePath, resolve, sep } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import type { PostStore } from './posts.js';
import type { Post, PostInput, PostType } from './types.js';
import { recoverPending, setJournal, UploadJournal, writeDurably } from './upload-journal.js';

/** Where uploads are served, below the site root (WordPress's `wp-content/uploads`). */
export const UPLOADS_URL_PATH = '/wp-content/uploads';

export const ATTACHMENT = 'attachment';
export const ATTACHED_FILE = '_wp_attached_file';
export const ATTACHMENT_METADATA = '_wp_attachment_metadata';
export const IMAGE_ALT = '_wp_attachment_image_alt';
export const THUMBNAIL_ID = '_thumbnail_id';

/** One sub-size of an image, as wp_generate_attachment_metadata records it. */
export interface SizeMeta {
  file: string;
  width: number;
  height: number;
  'mime-type': string;
  filesize: number;
}

/** wp_get_attachment_metadata of an image (what `_wp_attachment_metadata` holds). */
export interface ImageMetadata {
  width: number;
  height: number;
  /** the full size's path below uploads/ */
  file: string;
  filesize: number;
  sizes: Record<string, SizeMeta>;
  image_meta: Record<string, unknown>;
  /** the original's file name, when the full size is a scaled-down copy */
  original_image?: string;
}

/** An attachment: its post row and its meta. */
export interface Attachment {
  post: Post;
  mime: string;
  /** the file's path below uploads/ (`2026/11/photo.jpg`) */
  file: string;
  metadata: ImageMetadata | null;
  alt: string;
}

/** The attachment's mime type is kept in the post's meta column (WordPress's `post_mime_type`). */
const MIME_KEY = 'mime_type';

/** The folder beside uploads/ where files wait for their transaction (never served). */
export const PENDING_UPLOADS = 'uploads-pending';

/** The files below uploads/ an attachment names: its file, its sub-sizes, the original of a scaled image. */
export function filesOf(file: string, metadata: ImageMetadata | null, guid = ''): string[] {
  const folder = posix.dirname(file);
  const at = (name: string) => (folder === '.' ? name : `${folder}/${name}`);
  const names = [file];
  if (metadata) {
    names.push(...Object.values(metadata.sizes ?? {}).map((s) => at(s.file)));
    if (metadata.original_image) names.push(at(metadata.original_image));
  }
  // (the guid names the file as uploaded: the original of a scaled image)
  if (guid.startsWith(`${UPLOADS_URL_PATH}/`)) names.push(guid.slice(UPLOADS_URL_PATH.length + 1));
  return [...new Set(names)];
}

export class MediaStore {
  private readonly metaOf: Statement;
  private readonly thumbnails: Statement;
  private dir: string | null;
  private readonly pendingDir: string | null;
  private readonly journal: UploadJournal;

  /**
   * `dataDir` null: a data dir in memory, whose uploads go to a temporary folder made on first use.
   * Files a killed process left pending are settled here, before anything is read.
   */
  constructor(
    private readonly db: Database,
    private readonly posts: PostStore,
    dataDir: string | null,
  ) {
    this.dir = dataDir === null ? null : join(dataDir, 'uploads');
    this.pendingDir = dataDir === null ? null : join(dataDir, PENDING_UPLOADS);
    this.metaOf = db.prepare('SELECT key, value FROM post_meta WHERE post_id = ?');
    this.thumbnails = db.prepare(`SELECT value FROM post_meta WHERE post_id = ? AND key = '${THUMBNAIL_ID}'`).pluck();
    this.journal = new UploadJournal(
      () => this.uploadsDir,
      () => this.pendingDir ?? `${this.uploadsDir}-pending`,
    );
    setJournal(db, this.journal);
    if (this.pendingDir !== null) recoverPending(db, this.journal, () => this.namedFiles());
  }

  /** Every file below uploads/ some attachment names. */
  private namedFiles(): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT p.guid, f.value AS file, m.value AS meta FROM posts p
         JOIN post_meta f ON f.post_id = p.id AND f.key = '${ATTACHED_FILE}'
         LEFT JOIN post_meta m ON m.post_id = p.id AND m.key = '${ATTACHMENT_METADATA}'
         WHERE p.type = '${ATTACHMENT}'`,
      )
      .all() as { guid: string; file: string; meta: string | null }[];
    const out = new Set<string>();
    for (const r of rows) {
      let metadata: ImageMetadata | null = null;
      try {
        metadata = r.meta ? (JSON.parse(r.meta) as ImageMetadata) : null;
      } catch {
        // (unreadable metadata names no sub-size)
      }
      for (const f of filesOf(r.file, metadata, r.guid)) out.add(f);
    }
    return out;
  }

  /** The folder the uploads live in (made when first asked for). */
  get uploadsDir(): string {
    if (this.dir === null) this.dir = mkdtempSync(join(tmpdir(), 'calctl-uploads-'));
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return this.dir;
  }

  /** The absolute path of a file below uploads/, or undefined when the path would leave the folder. */
  pathOf(relative: string): string | undefined {
    const root = this.uploadsDir;
    const full = resolve(root, posix.normalize(relative).replace(/^\/+/, ''));
    return full.startsWith(root + sep) ? full : undefined;
  }

  /** The path below uploads/ as the journal keeps it (normalized), or undefined outside the folder. */
  private normal(relative: string): string | undefined {
    const full = this.pathOf(relative);
    return full === undefined ? undefined : relativePath(this.uploadsDir, full).split(sep).join('/');
  }

  /**
   * Writes a file to go below uploads/, making its folders; only the owner may read them. In a
   * transaction it waits in the pending folder and is served once the transaction commits.
   */
  writeFile(relative: string, bytes: Buffer): void {
    const rel = this.normal(relative);
    if (rel === undefined) throw new Error(`an upload path outside the uploads folder: ${relative}`);
    // (folders 0700 and files 0600, as the rest of the data dir: the server reads them for everyone)
    writeDurably(this.journal.pendingPath(rel), bytes);
    this.journal.added(rel, this.db.inTransaction);
  }

  /** Whether a file below uploads/ exists (is served). */
  fileExists(relative: string): boolean {
    const full = this.pathOf(relative);
    return full !== undefined && existsSync(full);
  }

  /** Whether a new file may not take this name: one is served, or waits to be (or to go). */
  nameTaken(relative: string): boolean {
    const rel = this.normal(relative);
    return rel === undefined || this.fileExists(rel) || existsSync(this.journal.pendingPath(rel));
  }

  /** Inserts an attachment row and its meta; answers its id. */
  insert(post: PostInput, mime: string, file: string, alt: string): number {
    const id = this.posts.insert({ ...post, type: ATTACHMENT as PostType, meta: { [MIME_KEY]: mime } });
    this.posts.setMeta(id, ATTACHED_FILE, file);
    if (alt !== '') this.posts.setMeta(id, IMAGE_ALT, alt);
    return id;
  }

  setMetadata(id: number, metadata: ImageMetadata): void {
    this.posts.setMeta(id, ATTACHMENT_METADATA, JSON.stringify(metadata));
  }

  setAlt(id: number, alt: string): void {
    this.posts.setMeta(id, IMAGE_ALT, alt);
  }

  /** An attachment by id, or undefined when the id names no attachment. */
  get(id: number): Attachment | undefined {
    const post = id > 0 ? this.posts.get(id) : undefined;
    return post && (post.type as string) === ATTACHMENT ? this.withMeta(post) : undefined;
  }

  /** The attachment whose guid (below the site root) is `guid`. */
  byGuid(guid: string): Attachment | undefined {
    const id = this.db
      .prepare(`SELECT id FROM posts WHERE type = '${ATTACHMENT}' AND guid = ? ORDER BY id LIMIT 1`)
      .pluck()
      .get(guid) as number | undefined;
    return id === undefined ? undefined : this.get(id);
  }

  /** An attachment row with its meta read. */
  withMeta(post: Post): Attachment {
    const meta = new Map((this.metaOf.all(post.id) as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    const raw = meta.get(ATTACHMENT_METADATA);
    return {
      post,
      mime: String(post.meta[MIME_KEY] ?? ''),
      file: meta.get(ATTACHED_FILE) ?? '',
      metadata: raw ? (JSON.parse(raw) as ImageMetadata) : null,
      alt: meta.get(IMAGE_ALT) ?? '',
    };
  }

  /** Deletes an attachment for good: its row, its meta, its files, and its use as anyone's featured image. */
  remove(attachment: Attachment): void {
    this.db
      .prepare(`DELETE FROM post_meta WHERE key = '${THUMBNAIL_ID}' AND value = ?`)
      .run(String(attachment.post.id));
    this.posts.remove(attachment.post);
    // (gone from uploads/ now, deleted for good once the transaction commits)
    for (const file of filesOf(attachment.file, attachment.metadata, attachment.post.guid)) {
      const rel = this.normal(file);
      if (rel !== undefined) this.journal.remove(rel, this.db.inTransaction);
    }
  }

  /** Removes one file below uploads/ (a file written for an upload that failed). */
  discard(relative: string): void {
    const full = this.pathOf(relative);
    if (full && existsSync(full)) unlinkSync(full);
  }

  /** The featured image (attachment id) of a post, or 0. */
  thumbnailOf(postId: number): number {
    const v = this.thumbnails.get(postId);
    return v === undefined ? 0 : Number(v) || 0;
  }

  /** The featured images of several posts in one query (posts without one are absent). */
  thumbnailsOf(postIds: readonly number[]): Map<number, number> {
    const out = new Map<number, number>();
    if (postIds.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT post_id, value FROM post_meta WHERE key = '${THUMBNAIL_ID}' AND post_id IN (${postIds.map(() => '?').join(',')})`,
      )
      .all(...postIds) as { post_id: number; value: string }[];
    for (const r of rows) out.set(r.post_id, Number(r.value) || 0);
    return out;
  }

  /** Sets a post's featured image; 0 removes it (set_post_thumbnail, delete_post_thumbnail). */
  setThumbnail(postId: number, attachmentId: number): void {
    if (attachmentId > 0) this.posts.setMeta(postId, THUMBNAIL_ID, String(attachmentId));
    else this.posts.deleteMeta(postId, THUMBNAIL_ID);
  }
}
