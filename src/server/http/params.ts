/**
 * Query strings and form bodies read as PHP reads them for WordPress: split into pairs on `&`, each
 * cut at its first `=`, both sides URL-decoded (`+` is a space, `%XX` a byte, a `%` not followed by
 * two hex digits stays as it is), then registered by PHP's variable rules (php-vars.ts): `a[0]=x`,
 * `a[]=x`, `a[k]=x`, nesting, last value wins.
 */
import { MAX_INPUT_VARS, type Params, PhpVars } from './php-vars.js';

export { MAX_INPUT_VARS, MAX_NESTING, type Params, type ParamValue } from './php-vars.js';

const utf8 = new TextDecoder('utf-8');
const isHex = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/**
 * PHP's `php_url_decode`: byte-wise, so `%C3%A9` is `é` and a lone `%` or `%zz` is kept as written.
 * The bytes are read as UTF-8 (a malformed sequence becomes U+FFFD: the server holds text, not bytes).
 */
export function phpUrlDecode(s: string): string {
  const spaced = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!spaced.includes('%')) return spaced;
  const raw = Buffer.from(spaced, 'utf8');
  const out = new Uint8Array(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b === 0x25 && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      out[n++] = Number.parseInt(raw.toString('latin1', i + 1, i + 3), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  return utf8.decode(out.subarray(0, n));
}

function register(vars: PhpVars, pair: string): void {
  const eq = pair.indexOf('=');
  vars.add(phpUrlDecode(eq >= 0 ? pair.slice(0, eq) : pair), eq >= 0 ? phpUrlDecode(pair.slice(eq + 1)) : '');
}

/**
 * A query string as `$_GET` (and `parse_str()`, which WordPress uses for the bodies of PUT, PATCH and
 * DELETE) holds it: empty pairs are skipped, and pairs past {@link MAX_INPUT_VARS} are dropped.
 */
export function parsePhpQuery(input: string): Params {
  const vars = new PhpVars();
  let count = 0;
  for (const pair of input.split('&')) {
    if (pair === '') continue;
    if (++count > MAX_INPUT_VARS) break;
    register(vars, pair);
  }
  return vars.toObject() as Params;
}

/**
 * A form body of a POST as `$_POST` holds it. PHP's POST reader counts every `&`-separated piece,
 * empty ones too, and checks the limit after registering a pair: so it keeps one pair more than
 * {@link MAX_INPUT_VARS} (a quirk of PHP's code, kept so that the same bodies give the same values).
 */
export function parsePhpPostForm(input: string): Params {
  const vars = new PhpVars();
  if (input === '') return vars.toObject() as Params;
  const pieces = input.split('&');
  // (a final `&` ends the last pair: no empty piece after it)
  if (pieces[pieces.length - 1] === '') pieces.pop();
  let count = 0;
  for (const pair of pieces) {
    register(vars, pair);
    if (++count > MAX_INPUT_VARS) break;
  }
  return vars.toObject() as Params;
}
