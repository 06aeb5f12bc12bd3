/**
 * fast-check generators of hostile requests for the routes beyond the plugin's `tribe/events/v1`:
 * WordPress core's `wp/v2` (the plugin's post types, terms, users, application passwords, media,
 * settings), the plugin's `tec/v1`, the batch route and the REST indexes, with every body encoding
 * (JSON, form with PHP arrays, multipart with files, raw uploads) and every kind of caller. Shared by
 * bench/fuzz.mjs (one stream in three) and the property tests.
 */
import fc from 'fast-check';
import { TEC_ACK } from '../../src/server/tec/namespace.js';
import type { HostileRequest, Known } from './hostile.js';
import { hostileJson, smallHostileString } from './hostile.js';

/** Route templates: `{id}` becomes a known id (or a hostile one), `{uuid}` an application password's. */
export const CORE_TARGETS = [
  '/wp-json/',
  '/wp-json/wp/v2',
  '/wp-json/wp/v2/tribe_events',
  '/wp-json/wp/v2/tribe_events/{id}',
  '/wp-json/wp/v2/tribe_venue',
  '/wp-json/wp/v2/tribe_venue/{id}',
  '/wp-json/wp/v2/tribe_organizer',
  '/wp-json/wp/v2/tribe_organizer/{id}',
  '/wp-json/wp/v2/tribe_events_cat',
  '/wp-json/wp/v2/tribe_events_cat/{id}',
  '/wp-json/wp/v2/tags',
  '/wp-json/wp/v2/tags/{id}',
  '/wp-json/wp/v2/users',
  '/wp-json/wp/v2/users/{uid}',
  '/wp-json/wp/v2/users/me',
  '/wp-json/wp/v2/users/{uid}/application-passwords',
  '/wp-json/wp/v2/users/{uid}/application-passwords/{uuid}',
  '/wp-json/wp/v2/media',
  '/wp-json/wp/v2/media/{id}',
  '/wp-json/wp/v2/settings',
  '/wp-json/tec/v1',
  '/wp-json/tec/v1/events',
  '/wp-json/tec/v1/events/{id}',
  '/wp-json/tec/v1/venues',
  '/wp-json/tec/v1/venues/{id}',
  '/wp-json/tec/v1/organizers',
  '/wp-json/tec/v1/organizers/{id}',
  '/wp-json/tec/v1/docs',
  '/wp-json/batch/v1',
] as const;

/** Paths a batch item may name (below the REST root): core's, the plugin's, nowhere. */
const BATCH_PATHS = [
  '/wp/v2/tribe_events',
  '/wp/v2/tribe_events/{id}',
  '/wp/v2/tribe_venue/{id}',
  '/wp/v2/tags/{id}?force=true',
  '/wp/v2/users',
  '/wp/v2/users/{uid}',
  '/wp/v2/users/me',
  '/wp/v2/media',
  '/wp/v2/settings',
  '/tribe/events/v1/events',
  '/tribe/events/v1/events/{id}',
  '/tribe/events/v1/categories',
  '/tec/v1/events',
  '/batch/v1',
  '/nope',
  '',
];

const METHODS = ['GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'get'];

/** Fields the core, tec and batch routes read, so that some writes reach their handlers. */
const FIELDS = [
  'title',
  'content',
  'excerpt',
  'status',
  'password',
  'slug',
  'author',
  'date',
  'date_gmt',
  'featured_media',
  'tribe_events_cat',
  'tags',
  'meta',
  'name',
  'description',
  'parent',
  'username',
  'email',
  'roles',
  'first_name',
  'url',
  'force',
  'reassign',
  'context',
  '_fields',
  'search',
  'per_page',
  'page',
  'include',
  'orderby',
  'start_date',
  'end_date',
  'venue',
  'organizer',
  'timezone',
  'validation',
  'requests',
  'alt_text',
  'caption',
  'post',
  'app_id',
  '_method',
];

function plausibleCore(field: string, known: Known): fc.Arbitrary<unknown> {
  const id = fc.constantFrom(...(known.ids.length ? known.ids : [1]), 0, 1, 99_999_999);
  switch (field) {
    case 'status':
      return fc.constantFrom('publish', 'draft', 'private', 'pending', 'future', 'trash', 'any', 'bogus');
    case 'author':
    case 'featured_media':
    case 'parent':
    case 'post':
    case 'reassign':
      return id;
    case 'tribe_events_cat':
    case 'tags':
    case 'include':
      return fc.oneof(fc.array(id, { maxLength: 3 }), fc.constant('1,2'), fc.constant(''));
    case 'roles':
      return fc.oneof(
        fc.array(fc.constantFrom('administrator', 'editor', 'author', 'contributor', 'subscriber', 'king'), {
          maxLength: 2,
        }),
        fc.constant('subscriber'),
      );
    case 'email':
      return fc.constantFrom('fz@example.com', 'not-an-email', '', 'admin@localhost', 'x@y');
    case 'meta':
      return fc.dictionary(
        fc.constantFrom('_EventURL', '_EventShowMap', '_VenueCity', '_OrganizerEmail', '_EventVenueID', 'nope'),
        fc.oneof(smallHostileString, fc.boolean(), id),
        { maxKeys: 3 },
      );
    case 'requests':
      return fc.array(batchItem(known), { maxLength: 6 });
    case 'validation':
      return fc.constantFrom('normal', 'require-all-validate', 'all');
    case 'force':
      return fc.constantFrom(true, false, 'true', '1', 'no');
    case 'context':
      return fc.constantFrom('view', 'edit', 'embed', 'x');
    case 'per_page':
    case 'page':
      return fc.constantFrom(1, 2, 0, -1, 100, 101, 'x');
    case 'start_date':
    case 'end_date':
    case 'date':
    case 'date_gmt':
      return fc.constantFrom('2030-01-01 10:00:00', '2030-01-01T12:00:00', 'tomorrow', '2030-13-45', '');
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 24 }).map((s) => `fz ${s}`) },
        { weight: 2, arbitrary: smallHostileString },
        { weight: 1, arbitrary: hostileJson },
      );
  }
}

/**
 * A user id that is none of the runner's own callers (the admin and the users bench/fuzz.mjs makes,
 * ids 1 to 4), so that a generated delete never revokes the credentials the stream signs in with.
 */
const USER_IDS = ['5', '6', '99999999', '0', '-1', 'abc'];

const fill = (template: string, id: string) =>
  template
    .replace('{id}', id)
    .replace('{uuid}', id)
    .replace('{uid}', USER_IDS[(Number.parseInt(id, 10) % USER_IDS.length) >>> 0] ?? '99999999');

function idText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(known.ids.length ? known.ids : [1])).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '1', '99999999', '-1', 'me', 'abc', '1e3', '%00', 'x'.repeat(300)) },
  );
}

function batchItem(known: Known): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        method: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'post'),
        path: fc.tuple(fc.constantFrom(...BATCH_PATHS), idText(known)).map(([p, id]) => fill(p, id)),
        body: fc
          .dictionary(fc.constantFrom(...FIELDS), fc.constant(null), { maxKeys: 4 })
          .chain((d) => fc.record(Object.fromEntries(Object.keys(d).map((k) => [k, plausibleCore(k, known)])))),
        headers: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
      },
      { requiredKeys: ['path'] },
    )
    .map((item) => item as Record<string, unknown>);
}

/** A JSON object of core fields with plausible or hostile values. */
function coreObject(known: Known): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .subarray(FIELDS, { maxLength: 6 })
    .chain((names) => fc.tuple(fc.constant(names), fc.tuple(...names.map((n) => plausibleCore(n, known)))))
    .map(([names, values]) => Object.fromEntries(names.map((n, i) => [n, values[i]])));
}

/** PHP's form encoding of a value, arrays and objects as `key[0]=…` / `key[k]=…`. */
function phpPairs(key: string, value: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) phpPairs(`${key}[${i}]`, v, out);
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) phpPairs(`${key}[${k}]`, v, out);
  else out.push([key, value === null || value === undefined ? '' : String(value)]);
  return out;
}

/** Percent-encoding of the UTF-8 bytes (lone surrogates too, which encodeURIComponent refuses). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const formOf = (o: Record<string, unknown>) =>
  Object.entries(o)
    .flatMap(([k, v]) => phpPairs(k, v))
    .map(([k, v]) => `${pct(k)}=${pct(v)}`)
    .join('&');

/** Bytes of an uploaded file: empty, a few random bytes, a PNG header, text, now and then over 2 MiB. */
const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(Buffer.alloc(0)) },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a)) },
  {
    weight: 2,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((a) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(a)])),
  },
  { weight: 2, arbitrary: fc.constant(Buffer.from('<?php echo 1; ?>\n<svg onload=alert(1)>')) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 2 * 1024 * 1024, max: 2 * 1024 * 1024 + 4096 }).map((n) => Buffer.alloc(n, 0x41)),
  },
);

const FILE_TYPES = ['image/jpeg', 'image/png', 'text/plain', 'application/octet-stream', 'image/svg+xml', '', 'x/y'];
const FILE_NAMES = ['photo.jpg', 'a.png', '../../etc/passwd', 'x.php', '', 'ünï cödé.JPG', 'a'.repeat(300), 'noext'];

/** A multipart body: the object's fields as parts (PHP arrays as bracketed names), maybe a `file` part. */
function multipart(known: Known): fc.Arbitrary<{ type: string; bytes: Buffer }> {
  return fc
    .tuple(
      coreObject(known),
      fc.option(fc.tuple(fileBytes, fc.constantFrom(...FILE_TYPES), fc.constantFrom(...FILE_NAMES)), { freq: 2 }),
      fc.constantFrom('fzB0und4ry', 'x', '--', 'a'.repeat(70)),
      fc.boolean(),
    )
    .map(([obj, file, boundary, truncated]) => {
      const parts: Buffer[] = [];
      for (const [k, v] of Object.entries(obj).flatMap(([k, v]) => phpPairs(k, v)))
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      if (file) {
        const [bytes, type, name] = file;
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
              (type ? `Content-Type: ${type}\r\n` : '') +
              '\r\n',
          ),
          bytes,
          Buffer.from('\r\n'),
        );
      }
      if (!truncated) parts.push(Buffer.from(`--${boundary}--\r\n`));
      return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(parts) };
    });
}

/** A body with the headers that announce it. */
function coreBody(known: Known): fc.Arbitrary<{ headers: [string, string][]; bytes: Buffer } | null> {
  const json = coreObject(known).map((o) => ({
    headers: [['Content-Type', 'application/json']] as [string, string][],
    bytes: Buffer.from(JSON.stringify(o)),
  }));
  const form = coreObject(known).map((o) => ({
    headers: [['Content-Type', 'application/x-www-form-urlencoded']] as [string, string][],
    bytes: Buffer.from(formOf(o)),
  }));
  const parts = multipart(known).map((m) => ({
    headers: [['Content-Type', m.type]] as [string, string][],
    bytes: m.bytes,
  }));
  // a raw upload as core's media route takes it, its Content-Type true or lying
  const upload = fc
    .tuple(fileBytes, fc.constantFrom(...FILE_TYPES), fc.constantFrom(...FILE_NAMES), fc.boolean())
    .map(([bytes, type, name, disposition]) => ({
      headers: [
        ...(type ? [['Content-Type', type] as [string, string]] : []),
        ...(disposition ? [['Content-Disposition', `attachment; filename="${name}"`] as [string, string]] : []),
      ],
      bytes,
    }));
  const batch = fc
    .record({ validation: plausibleCore('validation', known), requests: plausibleCore('requests', known) })
    .map((o) => ({
      headers: [['Content-Type', 'application/json']] as [string, string][],
      bytes: Buffer.from(JSON.stringify(o)),
    }));
  const junk = fc.uint8Array({ maxLength: 128 }).map((a) => ({
    headers: [['Content-Type', 'application/json']] as [string, string][],
    bytes: Buffer.from(a),
  }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: json },
    { weight: 3, arbitrary: form },
    { weight: 2, arbitrary: parts },
    { weight: 2, arbitrary: upload },
    { weight: 2, arbitrary: batch },
    { weight: 1, arbitrary: junk },
  );
}

/** Every kind of caller of the core stream (see {@link authHeader} in hostile.ts for the first four). */
const CORE_AUTH = fc.constantFrom(
  'none',
  'valid',
  'valid',
  'wrong',
  'garbage',
  'stale',
  'stale',
  'contributor',
  'subscriber',
) as fc.Arbitrary<HostileRequest['auth']>;

/** A hostile request to core's routes, `tec/v1` or the batch route. */
export function coreRequest(known: Known): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      template: fc.constantFrom(...CORE_TARGETS),
      id: idText(known),
      query: fc.option(
        coreObject(known).map((o) => formOf(o)),
        { freq: 3 },
      ),
      plain: fc.boolean(),
      body: coreBody(known),
      auth: CORE_AUTH,
      eea: fc.option(fc.constantFrom(TEC_ACK, TEC_ACK, 'yes', ''), {
        freq: 2,
      }),
      override: fc.option(fc.constantFrom('DELETE', 'PUT', 'GET', 'X'), { freq: 10 }),
    })
    .map(({ method, template, id, query: asked, plain, body: given, auth, eea, override: overridden }) => {
      let body = given;
      let query = asked;
      let override = overridden;
      // (`users/me` is never deleted, by any method or override: the stream's callers keep their accounts)
      if (method === 'HEAD' && query) query = query.replace(/(^|&)_method=[^&]*/g, '');
      const me = template.endsWith('/users/me');
      if (me) {
        override = null;
        query = null;
      }
      const path = me && method === 'DELETE' ? '/wp-json/wp/v2/users/99999999' : fill(template, id);
      // (both permalink styles: `/wp-json/…` and `/?rest_route=/…`)
      const route = path.replace(/^\/wp-json/, '') || '/';
      const target = plain
        ? `/?rest_route=${encodeURIComponent(route)}${query ? `&${query}` : ''}`
        : `${path}${query ? `?${query}` : ''}`;
      // (a body over a megabyte only on the methods that carry one: the server may answer a GET before
      // reading it and close, and the sender would then fail writing it)
      if (body && body.bytes.length > 1024 * 1024 && !['POST', 'PUT', 'PATCH'].includes(method))
        body = { ...body, bytes: body.bytes.subarray(0, 64 * 1024) };
      const headers: [string, string][] = [...(body?.headers ?? [])];
      if (eea !== null) headers.push(['X-TEC-EEA', eea]);
      // (not on HEAD: a HEAD turned into a write answers the site's own 500s without a body to tell them by)
      if (override && method !== 'HEAD') headers.push(['X-HTTP-Method-Override', override]);
      return {
        method,
        target,
        headers,
        body: body?.bytes,
        auth,
        label: `${method} ${target.slice(0, 160)} auth=${auth} body=${body ? `${body.headers[0]?.[1] ?? 'untyped'} ${body.bytes.length}B` : 'none'}`,
      };
    });
}
