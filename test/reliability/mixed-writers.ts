/**
 * Concurrent HTTP writers of every kind, for the kill loop (kill-loop.ts): the plugin's events, venues,
 * organizers, categories and tags (tribe/events/v1), core's event writes (wp/v2/tribe_events), users,
 * application passwords, media uploads (multipart and raw body, of a few sizes), term writes and a
 * /batch/v1 request of core routes. Each write answered 2xx is noted in a {@link Ledger} as what the
 * store must hold from then on; a write sent without an answer (the server was killed) is noted as
 * what the store may hold instead.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';

/** What the store must show of one thing (a post, a term, a user…) once a write of it was answered. */
export type Expect =
  | { kind: 'post'; id: number; type: string; title: string; status?: string }
  | { kind: 'post-gone'; id: number; trashOk: boolean }
  | { kind: 'term'; id: number; taxonomy: string; name: string }
  | { kind: 'term-gone'; id: number }
  | { kind: 'user'; id: number; login: string; email: string; name: string }
  | { kind: 'user-gone'; id: number }
  | { kind: 'app-password'; userId: number; uuid: string; name: string }
  | { kind: 'app-password-gone'; uuid: string }
  /** `original`: the uploaded file's path below uploads/ (the guid's), with the bytes sent */
  | { kind: 'media'; id: number; title: string; original: string; sha1: string; size: number }
  | { kind: 'media-gone'; id: number; original: string };

/** One thing's state: the last answered write's, and those of writes sent after it without an answer. */
export interface Entry {
  acked: Expect;
  maybe: Expect[];
}

/** Everything the store must hold, by thing (`post:12`, `user:3`, `app:uuid`). */
export class Ledger {
  readonly entries = new Map<string, Entry>();
  answered = 0;
  unanswered = 0;

  ack(key: string, e: Expect): void {
    this.answered += 1;
    this.entries.set(key, { acked: e, maybe: [] });
  }

  /** A write of a known thing sent without an answer: the store may show its outcome. */
  unknown(key: string, e: Expect): void {
    this.unanswered += 1;
    this.entries.get(key)?.maybe.push(e);
  }
}

export const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

/** The files uploaded: a text file (raw body), and PNG/JPEG images of a few sizes (sub-sizes drawn). */
export interface UploadFiles {
  text: Buffer;
  small: Buffer;
  medium: Buffer;
  large: Buffer;
}

/** Draws the images once per run (sharp, as the server uses). */
export async function makeUploadFiles(): Promise<UploadFiles> {
  const sharp = (await import('sharp')).default;
  const pic = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: (w * 7) % 255, g: 90, b: h % 255 } } });
  return {
    text: Buffer.from(`${'calctl kill loop text upload\n'.repeat(2000)}`),
    small: await pic(60, 40).png().toBuffer(),
    medium: await pic(420, 300).jpeg({ quality: 80 }).toBuffer(),
    large: await pic(1200, 900).jpeg({ quality: 70 }).toBuffer(),
  };
}

export interface MixedOptions {
  /** the site's origin (`http://127.0.0.1:PORT`) */
  origin: string;
  auth: string;
  /** unique per round: titles, names and logins carry it */
  tag: string;
  files: UploadFiles;
  ledger: Ledger;
  until: () => boolean;
  /** called after each answered write, with its writer's kind */
  onAck?: (kind: string) => void;
  /** writes per writer at most */
  max?: number;
}

export interface MixedResult {
  /** answers that were neither 2xx nor a lost connection (must stay empty) */
  errors: string[];
  /** requests without an answer (the server was killed) */
  lost: number;
  /** answered writes per writer kind */
  byKind: Record<string, number>;
}

class Lost extends Error {}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes
  json: any;
}

/** The writer kinds, each a loop of its own (several of some). */
export const WRITER_KINDS = [
  'plugin-events',
  'plugin-events',
  'plugin-linked',
  'plugin-terms',
  'core-events',
  'users',
  'app-passwords',
  'media',
  'media',
  'batch',
] as const;

/** Runs one loop per writer kind until `until()` or the server is gone. */
export async function runMixedWriters(opts: MixedOptions): Promise<MixedResult> {
  const agent = new Agent({ connections: WRITER_KINDS.length + 2, keepAliveTimeout: 1000 });
  const result: MixedResult = { errors: [], lost: 0, byKind: {} };
  const { ledger, tag } = opts;
  const max = opts.max ?? 1000;

  /** Sends one write; throws Lost when no answer came. */
  async function send(
    method: string,
    path: string,
    body?: { json?: unknown; raw?: Buffer; headers?: Record<string, string>; auth?: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: body?.auth ?? opts.auth, ...(body?.headers ?? {}) };
    let payload: Buffer | string | null = null;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.raw) payload = body.raw;
    let res: Awaited<ReturnType<typeof request>>;
    let text: string;
    try {
      res = await request(`${opts.origin}/wp-json${path}`, {
        method: method as 'POST',
        dispatcher: agent,
        headers,
        body: payload,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      text = await res.body.text();
    } catch {
      result.lost += 1;
      throw new Lost();
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // (not JSON: reported below as an error)
    }
    if (res.statusCode < 200 || res.statusCode > 299 || json === null) {
      result.errors.push(`${method} ${path} → ${res.statusCode} ${text.slice(0, 300)}`);
      throw new Lost();
    }
    return { status: res.statusCode, json };
  }

  const counted = (kind: string) => {
    result.byKind[kind] = (result.byKind[kind] ?? 0) + 1;
    opts.onAck?.(kind);
  };

  /** `fn` per step until told to stop; a step's lost answer ends the loop (the server is gone). */
  const loop = async (kind: string, fn: (i: number) => Promise<void>) => {
    for (let i = 0; i < max && !opts.until(); i++) {
      try {
        await fn(i);
      } catch (err) {
        if (err instanceof Lost) return;
        result.errors.push(`${kind}: ${(err as Error).stack ?? String(err)}`);
        return;
      }
    }
  };

  /**
   * A write of a thing already known: on an answer it becomes what the store must show, without one
   * what it may show.
   */
  async function change(key: string, next: Expect, kind: string, go: () => Promise<Answer>): Promise<Answer> {
    try {
      const a = await go();
      ledger.ack(key, next);
      counted(kind);
      return a;
    } catch (err) {
      if (err instanceof Lost) ledger.unknown(key, next);
      throw err;
    }
  }
  const created = (key: string, e: Expect, kind: string) => {
    ledger.ack(key, e);
    counted(kind);
  };

  const pluginEvents = (w: number) => async (i: number) => {
    const title = `${tag} pe${w} #${i}`;
    const a = await send('POST', '/tribe/events/v1/events', {
      json: {
        title,
        start_date: '2030-05-01 10:00:00',
        end_date: '2030-05-01 12:00:00',
        venue: { venue: `${tag} venue ${i % 3}`, city: 'Lyon' },
        organizer: [{ organizer: `${tag} crew ${i % 2}` }],
        categories: [`${tag}-cat-${i % 4}`],
        tags: [`${tag}-tag`],
      },
    });
    const id = a.json.id as number;
    created(`post:${id}`, { kind: 'post', id, type: 'tribe_events', title, status: 'publish' }, 'plugin-events');
    if (i % 2 === 1) {
      const t2 = `${title} edited`;
      await change(
        `post:${id}`,
        { kind: 'post', id, type: 'tribe_events', title: t2, status: 'publish' },
        'plugin-events',
        () => send('POST', `/tribe/events/v1/events/${id}`, { json: { title: t2 } }),
      );
    }
    if (i % 3 === 2) {
      await change(`post:${id}`, { kind: 'post-gone', id, trashOk: true }, 'plugin-events', () =>
        send('DELETE', `/tribe/events/v1/events/${id}`),
      );
    }
  };

  const pluginLinked = async (i: number) => {
    const which = i % 2 === 0 ? 'venues' : 'organizers';
    const type = which === 'venues' ? 'tribe_venue' : 'tribe_organizer';
    const field = which === 'venues' ? 'venue' : 'organizer';
    const title = `${tag} ${field} own ${i}`;
    const a = await send('POST', `/tribe/events/v1/${which}`, { json: { [field]: title } });
    const id = a.json.id as number;
    created(`post:${id}`, { kind: 'post', id, type, title, status: 'publish' }, 'plugin-linked');
    const t2 = `${title} moved`;
    await change(`post:${id}`, { kind: 'post', id, type, title: t2, status: 'publish' }, 'plugin-linked', () =>
      send('POST', `/tribe/events/v1/${which}/${id}`, { json: { [field]: t2 } }),
    );
  };

  const pluginTerms = async (i: number) => {
    const which = i % 2 === 0 ? 'categories' : 'tags';
    const taxonomy = which === 'categories' ? 'tribe_events_cat' : 'post_tag';
    const name = `${tag} term ${i}`;
    const a = await send('POST', `/tribe/events/v1/${which}`, { json: { name } });
    const id = a.json.id as number;
    created(`term:${id}`, { kind: 'term', id, taxonomy, name }, 'plugin-terms');
    const n2 = `${name} renamed`;
    await change(`term:${id}`, { kind: 'term', id, taxonomy, name: n2 }, 'plugin-terms', () =>
      send('POST', `/tribe/events/v1/${which}/${id}`, { json: { name: n2 } }),
    );
    if (i % 3 === 0) {
      // (core's term route deletes for good: terms have no trash)
      const base = which === 'categories' ? 'tribe_events_cat' : 'tags';
      await change(`term:${id}`, { kind: 'term-gone', id }, 'plugin-terms', () =>
        send('DELETE', `/wp/v2/${base}/${id}?force=true`),
      );
    }
  };

  const coreEvents = async (i: number) => {
    const title = `${tag} core event ${i}`;
    const a = await send('POST', '/wp/v2/tribe_events', { json: { title, status: 'publish' } });
    const id = a.json.id as number;
    created(`post:${id}`, { kind: 'post', id, type: 'tribe_events', title, status: 'publish' }, 'core-events');
    const t2 = `${title} v2`;
    await change(
      `post:${id}`,
      { kind: 'post', id, type: 'tribe_events', title: t2, status: 'publish' },
      'core-events',
      () => send('POST', `/wp/v2/tribe_events/${id}`, { json: { title: t2 } }),
    );
    if (i % 4 === 3) {
      await change(`post:${id}`, { kind: 'post-gone', id, trashOk: false }, 'core-events', () =>
        send('DELETE', `/wp/v2/tribe_events/${id}?force=true`),
      );
    } else if (i % 4 === 1) {
      await change(`post:${id}`, { kind: 'post-gone', id, trashOk: true }, 'core-events', () =>
        send('DELETE', `/wp/v2/tribe_events/${id}`),
      );
    }
  };

  const login = (i: number, p: string) => `${tag.replace(/\W+/g, '_')}_${p}${i}`.toLowerCase();
  const users = async (i: number) => {
    const name = login(i, 'u');
    const email = `${name}@example.com`;
    const a = await send('POST', '/wp/v2/users', {
      json: { username: name, email, password: `secret-${name}`, name, roles: ['editor'] },
    });
    const id = a.json.id as number;
    created(`user:${id}`, { kind: 'user', id, login: name, email, name }, 'users');
    const n2 = `${name} Renamed`;
    await change(`user:${id}`, { kind: 'user', id, login: name, email, name: n2 }, 'users', () =>
      send('POST', `/wp/v2/users/${id}`, { json: { name: n2 } }),
    );
    if (i % 6 === 5) {
      // A user with an upload of their own, deleted with their posts: the attachment goes with its files.
      const ap = await send('POST', `/wp/v2/users/${id}/application-passwords`, { json: { name: 'uploads' } });
      counted('users');
      const auth = `Basic ${Buffer.from(`${name}:${ap.json.password as string}`).toString('base64')}`;
      const title = `${name} upload`;
      const up = await send('POST', `/wp/v2/media?title=${encodeURIComponent(title)}`, {
        raw: opts.files.small,
        auth,
        headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="own.png"' },
      });
      const mediaId = up.json.id as number;
      const original = new URL(up.json.source_url as string).pathname.replace(/^.*?\/wp-content\/uploads\//, '');
      const gone: Expect = { kind: 'media-gone', id: mediaId, original };
      created(
        `media:${mediaId}`,
        { kind: 'media', id: mediaId, title, original, sha1: sha1(opts.files.small), size: opts.files.small.length },
        'users',
      );
      try {
        await send('DELETE', `/wp/v2/users/${id}?force=true&reassign=false`);
      } catch (err) {
        if (err instanceof Lost) {
          ledger.unknown(`user:${id}`, { kind: 'user-gone', id });
          ledger.unknown(`media:${mediaId}`, gone);
        }
        throw err;
      }
      ledger.ack(`user:${id}`, { kind: 'user-gone', id });
      ledger.ack(`media:${mediaId}`, gone);
      counted('users');
    } else if (i % 3 === 2) {
      await change(`user:${id}`, { kind: 'user-gone', id }, 'users', () =>
        send('DELETE', `/wp/v2/users/${id}?force=true&reassign=1`),
      );
    }
  };

  const appPasswords = async (i: number) => {
    const name = `${tag} app ${i}`;
    const a = await send('POST', '/wp/v2/users/1/application-passwords', { json: { name } });
    const uuid = a.json.uuid as string;
    created(`app:${uuid}`, { kind: 'app-password', userId: 1, uuid, name }, 'app-passwords');
    if (i % 2 === 1) {
      await change(`app:${uuid}`, { kind: 'app-password-gone', uuid }, 'app-passwords', () =>
        send('DELETE', `/wp/v2/users/1/application-passwords/${uuid}`),
      );
    }
  };

  const media = (w: number) => async (i: number) => {
    const pick = (i + w) % 4;
    const [bytes, file, type] =
      pick === 0
        ? [opts.files.text, 'notes.txt', 'text/plain']
        : pick === 1
          ? [opts.files.small, 'dot.png', 'image/png']
          : pick === 2
            ? [opts.files.medium, 'photo.jpg', 'image/jpeg']
            : [opts.files.large, 'poster.jpg', 'image/jpeg'];
    const title = `${tag} media m${w} #${i}`;
    let a: Answer;
    if ((i + w) % 2 === 0) {
      a = await send('POST', `/wp/v2/media?title=${encodeURIComponent(title)}`, {
        raw: bytes,
        headers: { 'content-type': type, 'content-disposition': `attachment; filename="${file}"` },
      });
    } else {
      const boundary = `calctlkill${w}x${i}`;
      const head = (n: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"`;
      const raw = Buffer.concat([
        Buffer.from(`${head('title')}\r\n\r\n${title}\r\n`),
        Buffer.from(`${head('file')}; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      a = await send('POST', '/wp/v2/media', {
        raw,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    }
    const id = a.json.id as number;
    const original = new URL(a.json.source_url as string).pathname.replace(/^.*?\/wp-content\/uploads\//, '');
    // (source_url names the full size, `-scaled` over the threshold: the original is then beside it)
    const e: Expect = { kind: 'media', id, title, original, sha1: sha1(bytes), size: bytes.length };
    created(`media:${id}`, e, 'media');
    if (i % 3 === 1) {
      await change(`media:${id}`, { kind: 'media-gone', id, original }, 'media', () =>
        send('DELETE', `/wp/v2/media/${id}?force=true`),
      );
    }
  };

  const batch = async (i: number) => {
    const title = `${tag} batch event ${i}`;
    const name = login(i, 'b');
    const a = await send('POST', '/batch/v1', {
      json: {
        validation: 'require-all-validate',
        requests: [
          { method: 'POST', path: '/wp/v2/tribe_events', body: { title, status: 'publish' } },
          {
            method: 'POST',
            path: '/wp/v2/users',
            body: { username: name, email: `${name}@example.com`, password: 'x-secret-1', name },
          },
          { method: 'POST', path: '/wp/v2/tribe_events', body: { title: `${title} b`, status: 'draft' } },
        ],
      },
    });
    const responses = (a.json.responses ?? []) as { status: number; body: { id: number } }[];
    if (responses.length !== 3 || responses.some((r) => r.status < 200 || r.status > 299)) {
      result.errors.push(`batch ${i}: ${JSON.stringify(a.json).slice(0, 400)}`);
      throw new Lost();
    }
    const [ev, user, draft] = responses.map((r) => r.body.id) as [number, number, number];
    ledger.ack(`post:${ev}`, { kind: 'post', id: ev, type: 'tribe_events', title, status: 'publish' });
    ledger.ack(`user:${user}`, { kind: 'user', id: user, login: name, email: `${name}@example.com`, name });
    ledger.ack(`post:${draft}`, {
      kind: 'post',
      id: draft,
      type: 'tribe_events',
      title: `${title} b`,
      status: 'draft',
    });
    counted('batch');
  };

  const loops: Promise<void>[] = [];
  let pe = 0;
  let me = 0;
  for (const kind of WRITER_KINDS) {
    if (kind === 'plugin-events') loops.push(loop(kind, pluginEvents(pe++)));
    else if (kind === 'plugin-linked') loops.push(loop(kind, pluginLinked));
    else if (kind === 'plugin-terms') loops.push(loop(kind, pluginTerms));
    else if (kind === 'core-events') loops.push(loop(kind, coreEvents));
    else if (kind === 'users') loops.push(loop(kind, users));
    else if (kind === 'app-passwords') loops.push(loop(kind, appPasswords));
    else if (kind === 'media') loops.push(loop(kind, media(me++)));
    else loops.push(loop(kind, batch));
  }
  await Promise.all(loops);
  await agent.destroy().catch(() => {});
  return result;
}
