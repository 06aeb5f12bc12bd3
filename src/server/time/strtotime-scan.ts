/**
 * Scanner for the strtotime subset in `strtotime.ts`. It walks the lower-cased input left to
 * right, trying one rule at a time at the current position, and records what each token means in
 * a `Scan`. Order matters, as in PHP: `tomorrow 9am` keeps 09:00 while `9am tomorrow` resets the
 * clock to midnight, because day keywords and weekday names clear any time seen before them.
 */

/** Relative amounts accumulated from `+N unit`, `next week`, `tomorrow`… */
export interface Relative {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
}

/** Everything the scanner understood; the evaluator turns it into an instant. */
export interface Scan {
  date: { y: number | null; m: number; d: number } | null;
  /** Clock fields; null means "keep the current time" (or midnight when a date was given). */
  time: { h: number; i: number; s: number } | null;
  /** True once an explicit clock time was read, so that a second one can be refused. */
  haveTime: boolean;
  rel: Relative;
  /** PHP's weekday relative: behavior 1 lets "today" count, 0 (`next friday`) does not. */
  weekday: { day: number; behavior: 0 | 1 } | null;
  /** Zone forced by the text itself (`Z`, `+09:00`, `UTC`, `@ts`), overriding the caller's zone. */
  zone: string | null;
}

type Rule = { re: RegExp; apply: (m: RegExpExecArray, st: Scan) => boolean };

const END = '(?![a-z0-9])';
const UNIT = '(sec(?:ond)?s?|min(?:ute)?s?|hours?|days?|weeks?|fortnights?|months?|years?)';
const DAY =
  '(sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)';
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const YEAR_AFTER = '(?:[\\s,]+(\\d{4})(?![:\\d]))?';
const REL_WORD = '(next|last|previous|this)';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const dayIndex = (name: string): number => DAYS.indexOf(name.slice(0, 3));
const monthIndex = (name: string): number => MONTHS.indexOf(name.slice(0, 3)) + 1;
const num = (s: string | undefined): number => Number(s ?? 0);

function setDate(st: Scan, y: number | null, m: number, d: number): boolean {
  if (st.date || m < 1 || m > 12 || d < 1 || d > 31) return false;
  st.date = { y, m, d };
  return true;
}

function setTime(st: Scan, h: number, i: number, s: number, meridian?: string): boolean {
  if (st.haveTime) return false; // PHP refuses a second clock time ("double time specification")
  if (meridian) {
    if (h < 1 || h > 12) return false;
    h = (h % 12) + (meridian === 'p' ? 12 : 0);
  }
  if (h > 23 || i > 59 || s > 59) return false;
  st.time = { h, i, s };
  st.haveTime = true;
  return true;
}

/** Day keywords and weekday names drop any clock time read so far, exactly like timelib. */
function resetTime(st: Scan): void {
  st.time = { h: 0, i: 0, s: 0 };
  st.haveTime = false;
}

function addUnit(st: Scan, amount: number, unit: string): boolean {
  const r = st.rel;
  if (unit.startsWith('sec')) r.s += amount;
  else if (unit.startsWith('min')) r.i += amount;
  else if (unit.startsWith('hour')) r.h += amount;
  else if (unit.startsWith('day')) r.d += amount;
  else if (unit.startsWith('week')) r.d += amount * 7;
  else if (unit.startsWith('fortnight')) r.d += amount * 14;
  else if (unit.startsWith('month')) r.m += amount;
  else r.y += amount;
  return true;
}

function setWeekday(st: Scan, name: string, amount: number, behavior: 0 | 1): boolean {
  if (st.weekday) return false;
  st.rel.d += (amount > 0 ? amount - 1 : amount) * 7;
  st.weekday = { day: dayIndex(name), behavior };
  resetTime(st);
  return true;
}

const relAmount = (word: string): number => (word === 'next' ? 1 : word === 'this' ? 0 : -1);

const rule = (source: string, apply: Rule['apply']): Rule => ({ re: new RegExp(source, 'y'), apply });

const RULES: Rule[] = [
  rule(`@(-?\\d+)${END}`, (m, st) => {
    if (st.date || st.haveTime) return false;
    const iso = new Date(num(m[1]) * 1000).toISOString();
    st.zone = 'UTC';
    return (
      setDate(st, num(iso.slice(0, 4)), num(iso.slice(5, 7)), num(iso.slice(8, 10))) &&
      setTime(st, num(iso.slice(11, 13)), num(iso.slice(14, 16)), num(iso.slice(17, 19)))
    );
  }),
  rule('(\\d{4})-(\\d{1,2})-(\\d{1,2})(?=t\\d|[^a-z0-9]|$)', (m, st) => setDate(st, num(m[1]), num(m[2]), num(m[3]))),
  rule(`(\\d{4})/(\\d{1,2})/(\\d{1,2})${END}`, (m, st) => setDate(st, num(m[1]), num(m[2]), num(m[3]))),
  rule(`(\\d{1,2})[-.](\\d{1,2})[-.](\\d{4})${END}`, (m, st) => setDate(st, num(m[3]), num(m[2]), num(m[1]))),
  rule(`(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}))?${END}`, (m, st) =>
    setDate(st, m[3] === undefined ? null : num(m[3]), num(m[1]), num(m[2])),
  ),
  rule('t(?=\\d)', () => true),
  rule('(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,]\\d+)?)?(?:\\s*([ap])\\.?m\\.?)?(?=z|[^a-z0-9]|$)', (m, st) =>
    setTime(st, num(m[1]), num(m[2]), num(m[3]), m[4]),
  ),
  rule(`(\\d{1,2})\\s*([ap])\\.?m\\.?${END}`, (m, st) => setTime(st, num(m[1]), 0, 0, m[2])),
  rule(`${MONTH}\\.?\\s*(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)${YEAR_AFTER}${END}`, (m, st) =>
    setDate(st, m[3] === undefined ? null : num(m[3]), monthIndex(m[1] ?? ''), num(m[2])),
  ),
  rule(`(\\d{1,2})(?:st|nd|rd|th)?[\\s-]*${MONTH}\\.?(?:[\\s,-]+(\\d{4})(?![:\\d]))?${END}`, (m, st) =>
    setDate(st, m[3] === undefined ? null : num(m[3]), monthIndex(m[2] ?? ''), num(m[1])),
  ),
  rule(`${MONTH}\\.?\\s+(\\d{4})${END}`, (m, st) => setDate(st, num(m[2]), monthIndex(m[1] ?? ''), 1)),
  // A numeric zone only makes sense after a clock time (`10:00+09:00`); `+5 days` is relative.
  rule('([+-])(\\d{1,2})(?::?(\\d{2}))?(?!\\d)(?!\\s*[a-z])', (m, st) => {
    if (!st.haveTime || st.zone) return false;
    st.zone = `UTC${m[1]}${num(m[2])}:${(m[3] ?? '00').padStart(2, '0')}`;
    return true;
  }),
  rule(`([+-]?)\\s*(\\d+)\\s*${UNIT}${END}`, (m, st) => addUnit(st, (m[1] === '-' ? -1 : 1) * num(m[2]), m[3] ?? '')),
  rule(`ago${END}`, (_m, st) => {
    // PHP's "ago" flips every relative amount read so far, not just the last one.
    for (const k of Object.keys(st.rel) as Array<keyof Relative>) st.rel[k] = -st.rel[k];
    return true;
  }),
  rule(`${REL_WORD}\\s+${DAY}${END}`, (m, st) =>
    setWeekday(st, m[2] ?? '', relAmount(m[1] ?? ''), m[1] === 'this' ? 1 : 0),
  ),
  rule(`${REL_WORD}\\s+${UNIT}${END}`, (m, st) => addUnit(st, relAmount(m[1] ?? ''), m[2] ?? '')),
  rule(`${DAY}${END}`, (m, st) => setWeekday(st, m[1] ?? '', 0, 1)),
  rule(`(now|today|midnight|noon|tomorrow|yesterday)${END}`, (m, st) => {
    if (m[1] === 'now') return true;
    resetTime(st);
    if (m[1] === 'noon') return setTime(st, 12, 0, 0);
    if (m[1] === 'tomorrow') st.rel.d += 1;
    if (m[1] === 'yesterday') st.rel.d -= 1;
    return true;
  }),
  rule(`(z|utc|gmt)${END}`, (_m, st) => {
    if (st.zone) return false;
    st.zone = 'UTC';
    return true;
  }),
];

const SKIP = /[\s,]+/y;

/** Scans lower-cased `text`; null when some part matches no rule or contradicts another. */
export function scan(text: string): Scan | null {
  const st: Scan = {
    date: null,
    time: null,
    haveTime: false,
    rel: { y: 0, m: 0, d: 0, h: 0, i: 0, s: 0 },
    weekday: null,
    zone: null,
  };
  let pos = 0;
  let tokens = 0;
  while (pos < text.length) {
    SKIP.lastIndex = pos;
    if (SKIP.exec(text)) {
      pos = SKIP.lastIndex;
      continue;
    }
    let matched = false;
    for (const r of RULES) {
      r.re.lastIndex = pos;
      const m = r.re.exec(text);
      if (!m || m[0] === '') continue;
      if (!r.apply(m, st)) return null;
      pos = r.re.lastIndex;
      matched = true;
      tokens++;
      break;
    }
    if (!matched) return null;
  }
  return tokens > 0 ? st : null;
}
