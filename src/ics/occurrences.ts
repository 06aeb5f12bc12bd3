/**
 * Events of a parsed calendar as the dated things the site gets, shared by `import` (rows) and
 * `feeds` (items with source keys): overrides of single occurrences (`RECURRENCE-ID`) are attached to
 * the event of the same UID wherever they stand in the file, and a recurring event (RRULE, RDATE,
 * EXDATE) becomes one occurrence per date up to a limit, since the site's free plugin has no
 * recurring events. Occurrences come in time order.
 */
import ICAL from 'ical.js';

/** Occurrences taken from one recurring event at most (a rule without end, a limit far ahead). */
export const MAX_OCCURRENCES = 1000;

/**
 * Occurrences looked at before `from` at most, per event: a daily rule started years ago is walked
 * up to the window, not forever.
 */
const MAX_SKIPPED = 100_000;

/**
 * An ICAL.Event of a component, its overrides left to {@link relateOverrides}: without the empty list,
 * ical.js relates them itself by scanning every sibling VEVENT for each event, which makes reading a
 * calendar quadratic (a 2,000-event feed took over a second).
 */
export const eventOf = (component: ICAL.Component): ICAL.Event => new ICAL.Event(component, { exceptions: [] });

/** One VEVENT of the file and the line it begins on. */
export interface LinedEvent {
  event: ICAL.Event;
  line: number;
}

/** One dated occurrence (or a single event). */
export interface Occurrence {
  /** the component its fields come from (an override replaces the master's) */
  item: ICAL.Component;
  start: ICAL.Time;
  end: ICAL.Time | undefined;
  /** the occurrence's original start, for occurrences of recurring events */
  recurrenceId: ICAL.Time | undefined;
  /** STATUS:CANCELLED on the event or the occurrence */
  cancelled: boolean;
}

/** How a calendar's events expanded, for notes. */
export interface ExpansionStats {
  recurring: number;
  occurrences: number;
  /** recurring events cut at MAX_OCCURRENCES */
  capped: number;
}

const isCancelled = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * The events to expand, in file order: overrides are related to their recurring master (and left
 * out of the list); an override without a recurring master stands as an event of its own.
 */
export function relateOverrides(parsed: readonly LinedEvent[]): LinedEvent[] {
  const masters = new Map<string, ICAL.Event>();
  for (const { event } of parsed) {
    if (!event.component.hasProperty('recurrence-id') && event.uid && !masters.has(event.uid)) {
      masters.set(event.uid, event);
    }
  }
  return parsed.filter(({ event }) => {
    const master = event.component.hasProperty('recurrence-id') ? masters.get(event.uid) : undefined;
    if (master?.isRecurring()) master.relateException(event);
    return !master?.isRecurring();
  });
}

/**
 * The occurrences of one event: itself when it does not recur, else every occurrence that starts up
 * to `until` (at most MAX_OCCURRENCES taken; with `from`, those that end before it are skipped and
 * not counted). Cancelled occurrences are yielded too, marked: the caller decides.
 */
export function* occurrencesOf(
  event: ICAL.Event,
  opts: { until: ICAL.Time; from?: ICAL.Time | undefined; stats: ExpansionStats },
): Generator<Occurrence> {
  const own = event.component.getFirstPropertyValue('recurrence-id');
  if (!event.isRecurring()) {
    yield {
      item: event.component,
      start: event.startDate,
      end: event.endDate,
      recurrenceId: own instanceof ICAL.Time ? own : undefined,
      cancelled: isCancelled(event.component),
    };
    return;
  }
  opts.stats.recurring++;
  const masterCancelled = isCancelled(event.component);
  const it = event.iterator();
  let taken = 0;
  let skipped = 0;
  for (let next = it.next(); next; next = it.next()) {
    if (next.compare(opts.until) > 0) break;
    const details = event.getOccurrenceDetails(next);
    if (opts.from && details.endDate.compare(opts.from) < 0 && details.startDate.compare(opts.from) < 0) {
      if (++skipped >= MAX_SKIPPED) break;
      continue;
    }
    if (taken === MAX_OCCURRENCES) {
      opts.stats.capped++;
      break;
    }
    const item = details.item.component;
    const cancelled = masterCancelled || isCancelled(item);
    if (!cancelled) {
      taken++;
      opts.stats.occurrences++;
    }
    yield { item, start: details.startDate, end: details.endDate, recurrenceId: details.recurrenceId, cancelled };
  }
}
