/**
 * One sentence as an event, for `calctl add`: "Jazz night next friday 8pm-11pm at Blue Room #music".
 * The date and time are what chrono-node (the date library every date flag uses) finds; `for 2h`
 * gives a length (default one hour), `all day` makes it a day's event, `at <name>` names the venue,
 * `#word` a category or tag; what is left is the title. Ambiguous or unreadable input is refused
 * with what was understood, never guessed.
 */
import { addDays, fieldsToMs, formatWall, offsetAt, type WallTime, zonedWallTime } from '../../clock/index.js';
import { endAfter, parseDuration } from '../../dates/index.js';

/** What a sentence says. */
export interface QuickEvent {
  title: string;
  /** `YYYY-MM-DD HH:MM:SS`, wall time in the zone given */
  start: string;
  end: string;
  allDay: boolean;
  venue?: string | undefined;
  /** the `#words`, without `#` */
  tags: string[];
}

/** A sentence that cannot be read: what is wrong, and what was understood so far. */
export class SentenceError extends Error {
  constructor(
    message: string,
    readonly understood: Partial<QuickEvent>,
  ) {
    super(message);
  }
}

/** "next friday" is the first Friday after today (PHP, GNU date), not chrono's Friday of next week. */
const NEXT_WEEKDAY = /\bnext\s+(?=(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|urday|sday)?\b)/gi;
const HASHTAG = /(^|\s)#([\p{L}\p{N}][\p{L}\p{N}_-]*)/gu;
const ALL_DAY = /\ball[- ]day\b/i;
const FOR_LENGTH = /\bfor\s+((?:\d+(?:\.\d+)?\s*(?:d|days?|h|hrs?|hours?|m|mins?|minutes?)\s*)+)(?=$|[\s,.;])/i;
const VENUE = /(?:^|\s)(?:at|@)\s+(.+)$/i;
const NUMBER_WORDS = [
  'an?',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const WORD_LENGTH = new RegExp(`\\bfor\\s+(half an?|${NUMBER_WORDS.join('|')})\\s+(hours?|minutes?|days?)\\b`, 'gi');
/**
 * "Jazz night", "Film evening": a part of the day right after another word belongs to the title;
 * only "this evening", "tomorrow night", "in the morning" … are times.
 */
const DAY_PART = /(?<!\b(?:this|tonight|tomorrow|the|yesterday|on)\s+)\b(night|evening|morning|afternoon)\b/gi;

/** "for two hours" → "for 2 hours", "for half an hour" → "for 30 minutes". */
function lengthWords(text: string): string {
  return text.replace(WORD_LENGTH, (_all, n: string, unit: string) => {
    const word = n.toLowerCase();
    if (word.startsWith('half')) return `for ${unit.startsWith('h') ? '30 minutes' : '12 hours'}`;
    const value = word === 'a' || word === 'an' ? 1 : NUMBER_WORDS.indexOf(word);
    return `for ${value} ${unit}`;
  });
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:–-]+|[\s,;:–-]+$/g, '')
    .replace(/\s+(?:on|at|from|for|@)$/i, '')
    .trim();

type Component = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';
interface Components {
  get(c: Component): number | null;
  isCertain(c: Component | 'timezoneOffset'): boolean;
  date(): Date;
  tags(): Set<string>;
}

function wallOf(c: Components, zone: string): WallTime {
  if (c.isCertain('timezoneOffset')) return zonedWallTime(c.date(), zone);
  return {
    year: c.get('year') ?? 1970,
    month: c.get('month') ?? 1,
    day: c.get('day') ?? 1,
    hour: c.get('hour') ?? 0,
    minute: c.get('minute') ?? 0,
    second: 0,
  };
}

const timeGiven = (c: Components) => c.isCertain('hour') || c.tags().has('result/relativeDate');

/**
 * Reads a sentence.
 * @param opts.now the reference for relative dates; opts.timezone the zone of the result
 * @throws SentenceError when no date is found, several are, no time or title is given, or the end
 *   comes before the start
 */
export async function readSentence(input: string, opts: { now: Date; timezone: string }): Promise<QuickEvent> {
  const tags: string[] = [];
  let text = ` ${input.trim()} `.replace(HASHTAG, (_all, space: string, word: string) => {
    tags.push(word);
    return space;
  });
  const allDay = ALL_DAY.test(text);
  text = text.replace(ALL_DAY, ' ');
  let length: string | undefined;
  text = lengthWords(text).replace(FOR_LENGTH, (_all, spec: string) => {
    length = spec.trim();
    return ' ';
  });
  // "19h30" (as written in French and other languages) is 19:30.
  text = text.replace(NEXT_WEEKDAY, '').replace(/\b([01]?\d|2[0-3])h([0-5]\d)\b/g, '$1:$2');
  const understood: Partial<QuickEvent> = { tags, allDay };
  if (length !== undefined && !parseDuration(length)) {
    throw new SentenceError(`cannot read "for ${length}" as a length of time`, understood);
  }
  const chrono = await import('chrono-node');
  const reference = { instant: opts.now, timezone: offsetAt(opts.timezone, opts.now) };
  // (chrono reads a copy with the title's parts of the day hidden; positions stay the same)
  const masked = text.replace(DAY_PART, (word: string) => '_'.repeat(word.length));
  const found = chrono.parse(masked, reference, { forwardDate: true });
  if (found.length === 0) throw new SentenceError('no date or time found in the sentence', understood);
  if (found.length > 1) {
    throw new SentenceError(`several dates in the sentence: ${found.map((r) => `"${r.text}"`).join(', ')}`, understood);
  }
  const r = found[0] as (typeof found)[number];
  const rest = `${text.slice(0, r.index)} ${text.slice(r.index + r.text.length)}`;
  const venueMatch = VENUE.exec(rest);
  const venue = venueMatch ? tidy(venueMatch[1] ?? '') : undefined;
  const title = tidy(venueMatch ? rest.slice(0, venueMatch.index) : rest);
  Object.assign(understood, { title, venue });
  const badLength = /\bfor\s+\d+(?:\.\d+)?\s*[a-z]+/i.exec(title);
  if (badLength) throw new SentenceError(`cannot read "${badLength[0]}" as a length of time`, understood);
  const start = wallOf(r.start as Components, opts.timezone);
  let startText: string;
  let endText: string;
  if (allDay) {
    startText = `${formatWall(start).slice(0, 10)} 00:00:00`;
    const last = r.end ? wallOf(r.end as Components, opts.timezone) : start;
    endText = `${formatWall(last).slice(0, 10)} 23:59:59`;
  } else {
    if (!timeGiven(r.start as Components)) {
      understood.start = `${formatWall(start).slice(0, 10)}`;
      throw new SentenceError(
        `no time of day in "${r.text.trim()}": add one (8pm, 19:30) or say "all day"`,
        understood,
      );
    }
    startText = formatWall(start);
    if (r.end && length !== undefined) {
      throw new SentenceError(`both an end ("${r.text.trim()}") and a length ("for ${length}")`, understood);
    }
    if (r.end) {
      let end = wallOf(r.end as Components, opts.timezone);
      // "10pm-1am": an end time alone, before the start, is on the next day.
      if (fieldsToMs(end) <= fieldsToMs(start) && !(r.end as Components).isCertain('day')) end = addDays(end, 1);
      endText = formatWall(end);
    } else endText = endAfter(startText, length ?? '1h', 'for');
  }
  Object.assign(understood, { start: startText, end: endText });
  if (title === '') throw new SentenceError('no title: say what the event is', understood);
  if (endText < startText)
    throw new SentenceError(`the end (${endText}) is before the start (${startText})`, understood);
  return { title, start: startText, end: endText, allDay, venue: venue || undefined, tags };
}
