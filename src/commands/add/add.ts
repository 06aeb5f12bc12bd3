/**
 * `calctl add "Jazz night next friday 8pm-11pm at Blue Room #music"`: one sentence, one event. The
 * venue is found by name (created only after the confirmation, or with --yes), each `#word` is a
 * category or else a tag of that name (a new one becomes a category). On a terminal the event is
 * shown as understood and calctl asks before creating it; --yes skips the question; --dry-run prints
 * the request. Without a terminal and without --yes nothing is created (exit 2).
 */
import { getResource } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import { createLinkResolver, LinkError, type LinkResolver } from '../../links/index.js';
import { type JsonRecord, readableDate, writeOne } from '../../output/index.js';
import { stderrNotes } from '../../output/notes.js';
import { canPrompt, dateZone, fullUrl, printDryRun, writerOptions } from '../shared.js';
import type { Runtime } from '../types.js';
import { type QuickEvent, readSentence, SentenceError } from './sentence.js';

/** How each linked name resolves: an id, or new (created on confirmation). */
interface Links {
  venue?: { name: string; id: number } | undefined;
  categories: Array<{ name: string; id: number }>;
  tags: Array<{ name: string; id: number }>;
}

function understoodText(q: Partial<QuickEvent>): string {
  const parts = [
    q.title ? `title "${q.title}"` : '',
    q.start ? `start ${q.start}` : '',
    q.end ? `end ${q.end}` : '',
    q.venue ? `venue "${q.venue}"` : '',
    q.tags?.length ? `tags ${q.tags.map((t) => `#${t}`).join(' ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `understood: ${parts.join(', ')}` : 'nothing understood';
}

/** Ids of the venue, categories and tags named; new names get ids below 0 (nothing is created). */
async function lookUp(rt: Runtime, q: QuickEvent): Promise<Links> {
  const resolver = createLinkResolver({
    api: await rt.api(),
    dryRun: true,
    signal: rt.ctx.signal,
    missing: 'create',
    ambiguous: 'error',
    checkIds: false,
  });
  const one = (linked: 'venues' | 'categories' | 'tags', name: string, field: string) =>
    resolver.resolveOne(linked, name, field).catch((err: unknown) => {
      if (err instanceof LinkError) throw new UsageError(err.message, err.hint, 'unknown-link');
      throw err;
    });
  const links: Links = { categories: [], tags: [] };
  if (q.venue) links.venue = { name: q.venue, id: await one('venues', q.venue, 'venue') };
  for (const word of q.tags) {
    const category = await one('categories', word, 'categories');
    if (category > 0) {
      links.categories.push({ name: word, id: category });
      continue;
    }
    const tag = await one('tags', word, 'tags');
    if (tag > 0) links.tags.push({ name: word, id: tag });
    else links.categories.push({ name: word, id: category });
  }
  return links;
}

function summary(q: QuickEvent, links: Links, zone: string): string {
  const when = (text: string) => (q.allDay ? readableDate(text).replace(/ \d\d:\d\d$/, '') : readableDate(text));
  const name = (l: { name: string; id: number }) => (l.id > 0 ? l.name : `${l.name} (new)`);
  const rows: Array<[string, string]> = [
    ['title', q.title],
    ['start', `${when(q.start)}${q.allDay ? ' (all day)' : ''}`],
    ['end', `${when(q.end)}${q.allDay ? '' : ` (${zone})`}`],
  ];
  if (links.venue) rows.push(['venue', name(links.venue)]);
  if (links.categories.length > 0) rows.push(['categories', links.categories.map(name).join(', ')]);
  if (links.tags.length > 0) rows.push(['tags', links.tags.map(name).join(', ')]);
  return `${rows.map(([k, v]) => `  ${k.padEnd(10)} ${v}`).join('\n')}\n`;
}

/** Creates what is new (venue, categories) and gives every link its id. */
async function createMissing(resolver: LinkResolver, links: Links): Promise<void> {
  if (links.venue && links.venue.id < 0)
    links.venue.id = await resolver.resolveOne('venues', links.venue.name, 'venue');
  for (const c of links.categories) if (c.id < 0) c.id = await resolver.resolveOne('categories', c.name, 'categories');
}

/** Runs `calctl add SENTENCE…`. */
export async function runAdd(rt: Runtime, words: readonly string[]): Promise<void> {
  const sentence = words.join(' ').trim();
  if (sentence === '') throw new UsageError('say what to add', 'calctl add "Jazz night next friday 8pm at Blue Room"');
  const zone = await dateZone(rt);
  const q = await readSentence(sentence, { now: rt.ctx.now(), timezone: zone }).catch((err: unknown) => {
    if (err instanceof SentenceError) {
      throw new UsageError(`cannot add "${sentence}": ${err.message}`, understoodText(err.understood), 'bad-sentence');
    }
    throw err;
  });
  const links = await lookUp(rt, q);
  const g = rt.globals();
  if (!g.yes && !g.dryRun) {
    if (!canPrompt(rt)) {
      stderrNotes(rt.ctx).text(summary(q, links, zone), 'info');
      throw new UsageError(
        'add: confirmation needed',
        'add --yes (-y) to create it without a prompt',
        'confirm-needed',
      );
    }
    stderrNotes(rt.ctx).text(summary(q, links, zone), 'info');
    const { askConfirm } = await import('../prompts.js');
    if (!(await askConfirm(rt.ctx, 'Create this event?'))) {
      stderrNotes(rt.ctx).text('calctl: nothing created\n', 'info');
      return;
    }
  }
  const api = await rt.api();
  if (!g.dryRun) {
    await createMissing(
      createLinkResolver({ api, dryRun: false, signal: rt.ctx.signal, missing: 'create', checkIds: false }),
      links,
    );
  }
  const body: Record<string, unknown> = { title: q.title, start_date: q.start, end_date: q.end };
  if (q.allDay) body.all_day = true;
  if (links.venue) body.venue = links.venue.id;
  if (links.categories.length > 0) body.categories = links.categories.map((c) => c.id);
  if (links.tags.length > 0) body.tags = links.tags.map((t) => t.id);
  if (g.dryRun) {
    stderrNotes(rt.ctx).text(summary(q, links, zone), 'info');
    printDryRun(rt, 'POST', fullUrl(api.baseUrl, '/events'), body);
    return;
  }
  const res = await api.post<JsonRecord>('/events', body, { signal: rt.ctx.signal });
  writeOne(res.body, await writerOptions(rt, getResource('events')));
}
