/**
 * fast-check generators of hostile requests against the embedded server: every route of
 * `buildRoutes()` with malformed paths, methods, PHP-style query strings, JSON / form / binary bodies
 * and good, wrong or garbage credentials. Shared by the property tests and bench/fuzz.mjs.
 */
import fc from 'fast-check';
import { buildRoutes, type TribeRoute as RouteDef } from '../../src/server/tribe/routes.js';
import type { RawRequest } from './raw-http.js';

export const NS = '/wp-json/tribe/events/v1';
export const ROUTES: RouteDef[] = buildRoutes();

/**
 * Which credentials a request carries; the runner turns them into a header and a client address.
 * `stale`: a revoked password of another user (a cron job's), sent from the valid client's own address;
 * `contributor`, `subscriber`: valid passwords of users with those roles (when the runner made them).
 */
export type AuthKind = 'none' | 'valid' | 'wrong' | 'garbage' | 'stale' | 'contributor' | 'subscriber';

/** Passwords of the users besides the admin that the runner made (see {@link AuthKind}). */
export interface OtherCreds {
  contributor?: { login: string; password: string };
  subscriber?: { login: string; password: string };
  stale?: string;
}

export interface HostileRequest extends RawRequest {
  auth: AuthKind;
  /** short description for failure reports */
  label: string;
}

/** Records that exist in the store (ids and slugs), so some requests hit real rows. */
export interface Known {
  ids: number[];
  slugs: string[];
}

const WEIRD = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1e308',
  '-9999999999999999999999',
  '18446744073709551616',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  "'",
  '"',
  "' OR '1'='1",
  '"; DROP TABLE posts; --',
  "1; DELETE FROM terms WHERE '1'='1",
  '%',
  '_',
  '%_%',
  '\\',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '\ud800',
  '💥🗓️',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2024-02-30 25:61:00',
  '2030-01-01 10:00:00',
  '2030-01-01T10:00:00Z',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  'tomorrow',
  'next monday +3 weeks',
  '@99999999999',
  'UTC+99',
  'UTC-12',
  'Europe/Paris',
  'Mars/Olympus',
  'publish',
  'draft',
  'private',
  'trash',
  'pending',
  'future',
  'any',
  'publish,draft,trash',
  'http://example.org/x',
  'https://',
  'javascript:alert(1)',
  'mailto:a@b',
  'a@b',
  'asc',
  'desc',
  'date',
  'title',
  'id',
  'slug',
  'include',
  'event_date',
  '1,2,3',
  '1,,x',
];

/** A hostile scalar string of modest size. */
export const smallHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 4, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/** A huge string (1 kB – 120 kB): rare, such values dominate the bytes sent. */
const hugeString: fc.Arbitrary<string> = fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n));

/** A hostile scalar string, now and then huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: smallHostileString },
  { weight: 1, arbitrary: hugeString },
);

/** A hostile JSON value (bounded depth; very deep nesting is produced as raw text elsewhere). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    smallHostileString,
    fc.integer(),
    fc.constantFrom(-1, 0, 1, 2 ** 53, -(2 ** 63), 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('id', 'venue', 'organizer', 'name', '__proto__', 'constructor'),
        fc.string({ maxLength: 6 }),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** Plausible values so that some writes pass validation and reach the handlers and the store. */
function plausible(field: string, known: Known, resource = 'events'): fc.Arbitrary<unknown> {
  const id = fc.constantFrom(...(known.ids.length ? known.ids : [1]));
  // the name field of venues and organizers shares its name with the event's link field
  if (resource !== 'events' && (field === 'venue' || field === 'organizer'))
    return fc.string({ minLength: 1, maxLength: 20 }).map((s) => `fz ${s}`);
  switch (field) {
    case 'start_date':
      return fc.constantFrom('2030-01-01 10:00:00', '2031-06-15 08:30:00', 'tomorrow 9am', '2030-01-01');
    case 'end_date':
      return fc.constantFrom('2030-01-01 12:00:00', '2031-06-15 18:00:00', '2029-01-01 00:00:00');
    case 'venue':
      return fc.oneof(id, fc.record({ venue: fc.string({ minLength: 1, maxLength: 12 }) }), fc.constant({ id: 0 }));
    case 'organizer':
      return fc.oneof(
        id,
        fc.array(id, { maxLength: 3 }),
        fc.array(fc.record({ organizer: fc.string({ minLength: 1, maxLength: 12 }) }), { maxLength: 2 }),
      );
    case 'categories':
    case 'tags':
      return fc.oneof(fc.array(fc.oneof(id, fc.string({ maxLength: 10 })), { maxLength: 3 }), fc.constant('a,b'));
    case 'status':
      return fc.constantFrom('publish', 'draft', 'private', 'pending', 'trash', 'future');
    case 'parent':
    case 'id':
      return id;
    case 'all_day':
    case 'featured':
    case 'hide_from_listings':
    case 'sticky':
      return fc.constantFrom(true, false, 'yes', 1, '0');
    default:
      return fc.string({ maxLength: 30 }).map((s) => `fz ${s}`);
  }
}

const fieldNames = (route: RouteDef): string[] =>
  [...new Set(route.endpoints.flatMap((e) => e.args.map((a) => a.name)))].filter((n) => n !== 'id');

/** A body that should mostly pass validation: required fields plus a few optional ones, plausible values. */
function validishBody(route: RouteDef | null, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const res = route?.resource;
  if (!res || !route) return fc.constant({});
  const required = res.fields.filter((f) => f.required).map((f) => f.name);
  const optional = fieldNames(route).filter((n) => !required.includes(n) && res.fields.some((f) => f.name === n));
  return fc
    .tuple(
      fc.tuple(...required.map((n) => plausible(n, known, res.name))),
      fc
        .subarray(optional, { maxLength: Math.min(3, optional.length) })
        .chain((names) => fc.tuple(fc.constant(names), fc.tuple(...names.map((n) => plausible(n, known, res.name))))),
    )
    .map(([reqValues, [names, values]]) => {
      const out: Record<string, unknown> = {};
      required.forEach((n, i) => {
        out[n] = reqValues[i];
      });
      names.forEach((n, i) => {
        out[n] = values[i];
      });
      return out;
    });
}

/** A JSON object body for a route: its own field names with plausible or hostile values. */
function objectBody(route: RouteDef | null, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const names = route ? fieldNames(route) : [];
  const resource = route?.resource?.name ?? 'events';
  const key = names.length
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
      )
    : fc.string({ maxLength: 8 });
  return fc
    .array(
      key.chain((k) =>
        fc.tuple(fc.constant(k), fc.oneof(plausible(k, known, resource), plausible(k, known, resource), hostileJson)),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of pairs)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
}

const BRACKETS = [
  '',
  '',
  '',
  '[]',
  '[0]',
  '[a]',
  '[a][b][c]',
  '[][]',
  '[',
  ']',
  '[]x',
  '[9999]',
  '[-1]',
  `${'[a]'.repeat(12)}`,
];
const SPECIAL_KEYS = [
  '_method',
  'namespace',
  'rest_route',
  '_envelope',
  '_fields',
  '_embed',
  '_jsonp',
  'context',
  'page',
  'per_page',
];

/** Percent-encodes the UTF-8 bytes of `v` (lone surrogates become U+FFFD instead of throwing). */
const pct = (v: string): string =>
  [...Buffer.from(v, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

function encodeValue(v: string, mode: number): string {
  // raw: spaces, control and 8-bit characters go out as they are (the server must still answer)
  if (mode === 0) return Buffer.from(v, 'utf8').toString('latin1');
  // broken escapes and invalid UTF-8 sequences
  if (mode === 1) return `${pct(v)}%zz%c3%28%`;
  return pct(v);
}

/** A query string of PHP-style pairs, with duplicates, arrays and nested keys. */
function queryString(route: RouteDef | null): fc.Arbitrary<string> {
  const names = route ? fieldNames(route) : [];
  const base = fc.oneof(
    ...(names.length ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const pair = fc
    .tuple(
      base,
      fc.constantFrom(...BRACKETS),
      fc.oneof({ weight: 150, arbitrary: smallHostileString }, { weight: 1, arbitrary: hugeString }),
      fc.nat({ max: 9 }),
    )
    .map(([k, b, v, mode]) => `${pct(k)}${b}=${encodeValue(v, mode < 1 ? 0 : mode < 2 ? 1 : 2)}`);
  return fc
    .array(pair, { maxLength: 8 })
    .chain((pairs) =>
      fc.constantFrom(
        pairs.join('&'),
        [...pairs, ...pairs].join('&'),
        `${pairs.join('&')}&&=&&`,
        `_method[]=DELETE&namespace[]=x&${pairs.join('&')}`,
      ),
    );
}

function idText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(known.ids.length ? known.ids : [1])).map(String) },
    { weight: 2, arbitrary: fc.nat({ max: 1_000_000 }).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '00',
        '007',
        '-1',
        '1e3',
        '1.5',
        '0x10',
        '99999999999999999999999',
        '9'.repeat(400),
        '%31',
        '１',
      ),
    },
  );
}

function slugText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(known.slugs.length ? known.slugs : ['x'])) },
    { weight: 2, arbitrary: hostileString.map((s) => pct(s.slice(0, 300)).replace(/%2F/g, '/')) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%ff%fe', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(2000)) },
  );
}

/** A path below the namespace for a route, with its `:id` / `:slug` filled in. */
function routePath(route: RouteDef, known: Known): fc.Arbitrary<string> {
  const [before, after] = route.path.includes(':id') ? route.path.split(/:id\([^)]*\)\)?/) : [route.path, ''];
  if (route.path.includes(':id')) return idText(known).map((id) => `${NS}${before}${id}${after ?? ''}`);
  if (route.path.includes(':slug')) return slugText(known).map((s) => `${NS}${route.path.replace(':slug', s)}`);
  return fc.constant(`${NS}${route.path}`);
}

const JUNK_PATHS = [
  '/',
  '/wp-json',
  '/wp-json/',
  NS,
  `${NS}/`,
  `${NS}/doc`,
  '/wp-json/tribe/events/v2/events',
  '/wp-json/wp/v2/posts',
  '//wp-json//tribe/events/v1//events',
  `${NS}/events/../venues`,
  `${NS}/events/%2e%2e/venues`,
  `${NS}/events/%00`,
  `${NS}/events/1/extra`,
  `${NS}/events/by-slug/`,
  `${NS}/events/by-slug`,
  `${NS}/categories/by-slug/x`,
  '/%ff%fe',
  '/\u00e9v\u00e8nements',
  '*',
  'http://127.0.0.1/wp-json/',
  `/wp-json${'/x'.repeat(3000)}`,
];

function anyPath(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ROUTES).chain((r) => routePath(r, known)) },
    { weight: 2, arbitrary: fc.constantFrom(...JUNK_PATHS) },
    { weight: 1, arbitrary: fc.webPath().map((p) => `${NS}${p}`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `${NS}/${encodeValue(s, 0)}`) },
  );
}

const METHODS = ['GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'get', 'TRACE'];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=UTF-8',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json, text/html',
  '',
];

/** The body of a request, with the content type it is announced as. */
function body(route: RouteDef | null, known: Known): fc.Arbitrary<{ type: string | null; bytes: Buffer } | null> {
  const jsonObject = objectBody(route, known).map((o) => ({
    type: 'application/json',
    bytes: Buffer.from(JSON.stringify(o), 'utf8'),
  }));
  const rawJson = fc
    .oneof(
      fc.constantFrom(
        '',
        '{',
        '{"title":',
        '[1,2]',
        '"str"',
        '123',
        'null',
        'true',
        '{"a":1}{"b":2}',
        '\ufeff{"title":"bom"}',
      ),
      fc.integer({ min: 10, max: 200_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
      fc.integer({ min: 10, max: 50_000 }).map((d) => `${'{"title":'.repeat(d)}1${'}'.repeat(d)}`),
      hostileJson.map((v) => JSON.stringify(v) ?? 'null'),
    )
    .map((t) => ({ type: 'application/json', bytes: Buffer.from(t, 'utf8') }));
  const badBytes = fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.uint8Array({ maxLength: 64 })).map(([type, arr]) => ({
    type,
    // invalid UTF-8 and NUL inside an otherwise JSON-looking body
    bytes: Buffer.concat([
      Buffer.from('{"title":"'),
      Buffer.from(arr),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]),
      Buffer.from('"}'),
    ]),
  }));
  const form = queryString(route).map((q) => ({
    type: 'application/x-www-form-urlencoded',
    bytes: Buffer.from(q, 'latin1'),
  }));
  const retyped = fc
    .tuple(objectBody(route, known), fc.constantFrom(...CONTENT_TYPES))
    .map(([o, type]) => ({ type: type === '' ? null : type, bytes: Buffer.from(JSON.stringify(o)) }));
  const validish = validishBody(route, known).map((o) => ({
    type: 'application/json',
    bytes: Buffer.from(JSON.stringify(o), 'utf8'),
  }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: validish },
    { weight: 4, arbitrary: jsonObject },
    { weight: 2, arbitrary: rawJson },
    { weight: 1, arbitrary: badBytes },
    { weight: 2, arbitrary: form },
    { weight: 1, arbitrary: retyped },
  );
}

const AUTH: fc.Arbitrary<AuthKind> = fc.constantFrom('none', 'none', 'valid', 'valid', 'valid', 'wrong', 'garbage');

/** A hostile request, aimed at `route` when given (any path otherwise). */
export function hostileRequest(known: Known, route: RouteDef | null = null): fc.Arbitrary<HostileRequest> {
  const path = route
    ? fc.oneof({ weight: 9, arbitrary: routePath(route, known) }, { weight: 1, arbitrary: anyPath(known) })
    : anyPath(known);
  const method = route
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...route.endpoints.flatMap((e) => e.methods)) },
        { weight: 2, arbitrary: fc.constantFrom(...METHODS) },
      )
    : fc.constantFrom(...METHODS);
  return fc
    .record({
      method,
      path,
      query: fc.option(queryString(route), { freq: 2 }),
      body: body(route, known),
      auth: AUTH,
      override: fc.option(fc.constantFrom('DELETE', 'PUT', 'GET', 'X'), { freq: 8 }),
    })
    .map(({ method, path, query, body, auth, override }) => {
      const headers: [string, string][] = [];
      if (body?.type) headers.push(['Content-Type', body.type]);
      if (override) headers.push(['X-HTTP-Method-Override', override]);
      const target = query ? `${path}?${query}` : path;
      return {
        method,
        target,
        headers,
        body: body?.bytes,
        auth,
        label: `${method} ${target.slice(0, 160)} auth=${auth} body=${body ? `${body.type} ${body.bytes.length}B` : 'none'}`,
      };
    });
}

/** Header and client address for each kind of credentials. */
export function authHeader(
  kind: AuthKind,
  password: string,
  index: number,
  others: OtherCreds = {},
): { header?: string; localAddress?: string } {
  const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
  switch (kind) {
    case 'stale':
      // The login throttle counts per account and address: this login is locked out of 127.0.0.1
      // within seconds, while the valid callers on the same address keep being answered.
      return { header: basic(others.stale ?? 'fuzz_cron', 'stale pass word 0000'), localAddress: '127.0.0.1' };
    case 'contributor':
    case 'subscriber': {
      const who = others[kind];
      return who
        ? { header: basic(who.login, who.password), localAddress: '127.0.0.1' }
        : { header: basic('admin', password), localAddress: '127.0.0.1' };
    }
    case 'valid':
      return { header: basic('admin', password), localAddress: '127.0.0.1' };
    case 'wrong':
      // Wrong passwords come from two other loopback addresses: the login throttle (20 failures a
      // minute per client) then answers them with 429 without blocking the valid client.
      return {
        header: index % 3 === 0 ? basic('nobody', 'x') : basic('admin', `${password}x`),
        localAddress: `127.0.0.${2 + (index % 2)}`,
      };
    case 'garbage':
      return {
        header: ['Basic !!!', 'Bearer', `Basic ${Buffer.from('nocolon').toString('base64')}`, 'Digest x=1', 'Basic'][
          index % 5
        ] as string,
        // a bearer without a token is a failed login: keep it off the valid client's address too
        localAddress: '127.0.0.4',
      };
    default:
      return { localAddress: '127.0.0.1' };
  }
}

/** Turns a generated request into raw bytes-ready form with its credentials. */
export function withAuth(
  req: HostileRequest,
  password: string,
  index: number,
  others: OtherCreds = {},
): { req: RawRequest; localAddress: string } {
  const a = authHeader(req.auth, password, index, others);
  const headers = [...(req.headers ?? [])];
  if (a.header !== undefined) headers.push(['Authorization', a.header]);
  return {
    req: { method: req.method, target: req.target, headers, body: req.body },
    localAddress: a.localAddress ?? '127.0.0.1',
  };
}
