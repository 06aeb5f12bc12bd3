/**
 * PHP-style parameter parsing, as WordPress sees a request: `a[]=1&a[]=2` is an array, `a[x]=1` an
 * object, a repeated plain key keeps the last value. Works for query strings and form bodies alike.
 */

export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
export type Params = Record<string, ParamValue>;

const MAX_DEPTH = 8;
const MAX_PAIRS = 1000;

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    // PHP keeps undecodable sequences as they are instead of failing the whole request.
    return s.replace(/\+/g, ' ');
  }
}

function setPath(target: Record<string, ParamValue>, keys: string[], value: string): void {
  let node: Record<string, ParamValue> | ParamValue[] = target;
  for (let i = 0; i < keys.length; i++) {
    const last = i === keys.length - 1;
    const raw = keys[i] as string;
    if (Array.isArray(node)) {
      const idx = raw === '' ? node.length : Number(raw);
      if (!Number.isInteger(idx) || idx < 0 || idx > 10_000) return;
      if (last) {
        node[idx] = value;
        return;
      }
      let next: ParamValue | undefined = node[idx];
      if (typeof next !== 'object' || next === null) {
        next = keys[i + 1] === '' ? [] : {};
        node[idx] = next;
      }
      node = next as Record<string, ParamValue> | ParamValue[];
    } else {
      const key = raw === '' ? String(Object.keys(node).length) : raw;
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
      if (last) {
        node[key] = value;
        return;
      }
      let next: ParamValue | undefined = Object.hasOwn(node, key) ? node[key] : undefined;
      if (typeof next !== 'object' || next === null) {
        next = keys[i + 1] === '' ? [] : {};
        node[key] = next;
      }
      node = next as Record<string, ParamValue> | ParamValue[];
    }
  }
}

/** Parses `a=1&b[]=2&c[d]=3` into PHP-like values. */
export function parsePhpQuery(input: string): Params {
  const out: Params = Object.create(null) as Params;
  if (!input) return out;
  const pairs = input.split('&');
  for (const pair of pairs.slice(0, MAX_PAIRS)) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq >= 0 ? pair.slice(0, eq) : pair);
    const value = eq >= 0 ? decode(pair.slice(eq + 1)) : '';
    const open = rawKey.indexOf('[');
    if (open <= 0) {
      if (rawKey === '' || rawKey === '__proto__') continue;
      out[rawKey] = value;
      continue;
    }
    const base = rawKey.slice(0, open);
    const keys: string[] = [base];
    const re = /\[([^\]]*)\]/g;
    re.lastIndex = open;
    let m: RegExpExecArray | null = re.exec(rawKey);
    while (m && keys.length <= MAX_DEPTH) {
      keys.push(m[1] as string);
      m = re.exec(rawKey);
    }
    if (keys.length === 1) {
      out[rawKey] = value;
      continue;
    }
    // A plain value already under this name is replaced by the structured one, as PHP does.
    const existing = out[base];
    if (typeof existing !== 'object' || existing === null) out[base] = keys[1] === '' ? [] : {};
    setPath(out as Record<string, ParamValue>, keys, value);
  }
  return out;
}
