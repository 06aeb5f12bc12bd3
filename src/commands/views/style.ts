/**
 * Text for the views: a stable colour per category (the same category has the same colour in every
 * run and view), and cells cut to a width with an ellipsis. Colour is only ever added around text
 * that has been fitted, so widths are counted without escape codes.
 */
import type { ChalkInstance } from 'chalk';
import { hash53 } from '../../primitives/index.js';
import { decodeEntities } from '../../wptext/index.js';

type Obj = Record<string, unknown>;

/** Colours categories get, chosen to read on dark and light terminals alike. */
const PALETTE = ['cyan', 'magenta', 'green', 'yellow', 'blue', 'red', 'cyanBright', 'magentaBright'] as const;

/** The first category's slug (or name) of an event, if any. */
export function categoryKey(record: Obj): string | undefined {
  const first = Array.isArray(record.categories) ? record.categories[0] : undefined;
  if (typeof first !== 'object' || first === null) return undefined;
  const c = first as Obj;
  const key = typeof c.slug === 'string' && c.slug !== '' ? c.slug : c.name;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** Paints text in the colour of the event's first category; plain without colour or category. */
export function painter(color: ChalkInstance | undefined): (record: Obj, text: string) => string {
  return (record, text) => {
    const key = categoryKey(record);
    if (!color || key === undefined || text === '') return text;
    const name = PALETTE[hash53(key) % PALETTE.length] ?? 'cyan';
    return color[name](text);
  };
}

/** Display width of text: one column per code point, none for combining marks. */
export function textWidth(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\p{M}/u.test(ch)) n++;
  return n;
}

/** Text cut to `width` columns, with `…` where it was cut. */
export function clip(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  let out = '';
  let n = 0;
  for (const ch of text) {
    const w = /\p{M}/u.test(ch) ? 0 : 1;
    if (n + w > width - 1) break;
    out += ch;
    n += w;
  }
  return `${out}…`;
}

/** Text fitted and padded to exactly `width` columns. */
export const cell = (text: string, width: number): string => {
  const t = clip(text, width);
  return t + ' '.repeat(Math.max(0, width - textWidth(t)));
};

/** An event's title as people read it (entities decoded, blanks collapsed). */
export const titleOf = (record: Obj): string =>
  decodeEntities(String(record.title ?? ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The venue's name of an event, or ''. */
export function venueOf(record: Obj): string {
  const v = record.venue;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return '';
  const name = (v as Obj).venue;
  return typeof name === 'string' ? decodeEntities(name).trim() : '';
}
