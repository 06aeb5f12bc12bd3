/** `feeds add`, `feeds list`, `feeds show` and `feeds remove`. */
import { stat } from 'node:fs/promises';
import { documentText, fetchDocument } from '../../api/fetch-document.js';
import { defaultConfigDir } from '../../config/paths.js';
import { DURATION_FORMS } from '../../dates/duration.js';
import { parseDateInput } from '../../dates/index.js';
import { UsageError } from '../../errors/index.js';
import { durationText } from '../../import/index.js';
import { stderrNotes } from '../../output/notes.js';
import { confirmOrThrow, dateZone, outputFormat, printData } from '../shared.js';
import type { CommandDeps, Runtime } from '../types.js';
import { acquireRunLock } from './lock.js';
import { openState, siteName } from './run.js';
import {
  type Authority,
  FEED_DEFAULTS,
  type FeedSettings,
  type FeedStatus,
  kindFromForm,
  LOCK_WAIT_SECONDS,
  localPath,
  type OnRemoved,
  type SourceKind,
  validateFeedName,
} from './settings.js';
import type { Origin } from './state.js';

/** The flags of `feeds add`, as commander gives them. */
export interface AddFeedFlags {
  category?: string[] | undefined;
  tag?: string[] | undefined;
  status?: FeedStatus | undefined;
  authority?: Authority | undefined;
  onRemoved?: OnRemoved | undefined;
  from?: string | undefined;
  until?: string | undefined;
  limit?: number | undefined;
  defaultDuration?: string | undefined;
}

/** The flags of `feeds remove`. */
export interface RemoveFeedFlags {
  trashEvents?: boolean | undefined;
}

/** Whether a profile of that name is stored. */
async function profileExists(rt: Runtime, name: string): Promise<boolean> {
  const { listProfiles } = await import('../../config/index.js');
  return listProfiles(defaultConfigDir(rt.ctx.env, rt.ctx.home)).some((p) => p.name === name);
}

/**
 * What an address is, when its form does not say: a calendar (the body starts with BEGIN:VCALENDAR),
 * else a site whose REST index offers the plugin's namespace.
 */
async function probeKind(rt: Runtime, deps: CommandDeps, url: string): Promise<SourceKind> {
  try {
    const answer = await fetchDocument({ url, accept: 'text/calendar, */*;q=0.5', signal: rt.ctx.signal });
    if (answer.kind === 'document' && /^\s*BEGIN:VCALENDAR/i.test(documentText(answer.body, answer.contentType))) {
      return 'ics-url';
    }
  } catch {
    // (not readable as a document: perhaps a site)
  }
  const other = deps.siteRuntime?.({ url });
  try {
    if (other) {
      await (await other.api()).get('/events', { query: { per_page: 1 }, signal: rt.ctx.signal });
      return 'site';
    }
  } catch {
    // neither
  } finally {
    await other?.close();
  }
  throw new UsageError(
    `${url} is neither an iCalendar feed nor a site running The Events Calendar`,
    'a calendar address may be written webcal://…; a site may be stored as a profile first (calctl profile add NAME) and given as @NAME',
    'bad-feed-source',
  );
}

/** The kind and stored form of a source. */
async function sourceOf(rt: Runtime, deps: CommandDeps, source: string): Promise<{ kind: SourceKind; source: string }> {
  const form = kindFromForm(source);
  if (form === 'file') {
    const path = localPath(source, rt.ctx.cwd);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) {
      throw new UsageError(
        `cannot read ${source}`,
        'give an http(s):// or webcal:// address, @profile, or an .ics file',
        'no-input',
      );
    }
    return { kind: 'ics-file', source: path };
  }
  if (form === 'site' && source.startsWith('@')) {
    const name = source.slice(1);
    if (!(await profileExists(rt, name))) {
      throw new UsageError(
        `no profile named "${name}"`,
        'store the other site first: calctl profile add NAME --url …',
        'unknown-profile',
      );
    }
    if (name === (await siteName(rt))) {
      throw new UsageError(`@${name} is the site the feed would write to`, 'a feed brings events from another site');
    }
    return { kind: 'site', source };
  }
  return { kind: form ?? (await probeKind(rt, deps, source)), source: source.trim() };
}

/** `--default-duration`: a length of time, checked now so that no run fails on it later. */
function checkedLength(text: string): string {
  const length = durationText(text);
  if (!length)
    throw new UsageError(
      `--default-duration: cannot read "${text}" as a length of time`,
      `write it as ${DURATION_FORMS}`,
    );
  return length;
}

/** How this command named its site (`@prod `, `--url … `), for a command line it suggests. */
function siteWords(rt: Runtime): string {
  const g = rt.globals();
  if (g.profile) return `@${g.profile.replace(/^@/, '')} `;
  return g.url ? `--url ${g.url} ` : '';
}

/** `feeds add NAME SOURCE …`: a new feed, or new settings for one (its events stay linked). */
export async function addFeed(
  rt: Runtime,
  deps: CommandDeps,
  name: string,
  source: string,
  opts: AddFeedFlags,
): Promise<void> {
  validateFeedName(name);
  const zone = await dateZone(rt);
  for (const flag of ['from', 'until'] as const) {
    const text = opts[flag];
    if (typeof text !== 'string') continue;
    await parseDateInput(text, { now: rt.ctx.now(), timezone: zone }).catch((err: Error) => {
      throw new UsageError(`--${flag}: ${err.message}`, 'e.g. today, +6mo, 2027-01-01');
    });
  }
  const found = await sourceOf(rt, deps, source);
  const settings: FeedSettings = {
    name,
    source: found.source,
    kind: found.kind,
    categories: opts.category ?? [],
    tags: opts.tag ?? [],
    status: opts.status ?? FEED_DEFAULTS.status,
    authority: opts.authority ?? FEED_DEFAULTS.authority,
    onRemoved: opts.onRemoved ?? FEED_DEFAULTS.onRemoved,
    from: opts.from ?? FEED_DEFAULTS.from,
    until: opts.until ?? FEED_DEFAULTS.until,
    limit: opts.limit ?? null,
    ...(typeof opts.defaultDuration === 'string' ? { defaultDuration: checkedLength(opts.defaultDuration) } : {}),
  };
  const state = await openState(rt);
  try {
    const had = state.feed(name);
    state.saveFeed(settings);
    const kept = had ? [...state.origins(name).values()].filter((o) => o.state === 'active').length : 0;
    stderrNotes(rt.ctx).text(
      had
        ? `calctl: feed ${name} updated (${kinds[found.kind]}); its ${kept} event(s) stay linked to it\n`
        : `calctl: feed ${name} added (${kinds[found.kind]}); bring its events in: calctl ${siteWords(rt)}feeds run ${name}\n`,
      'info',
    );
  } finally {
    state.close();
  }
}

const kinds: Record<SourceKind, string> = {
  'ics-url': 'an iCalendar address',
  'ics-file': 'an iCalendar file',
  site: 'another site',
};

const countOf = (origins: Map<string, Origin>, state: Origin['state']) =>
  [...origins.values()].filter((o) => o.state === state).length;

/** `feeds list`. */
export async function listFeeds(rt: Runtime): Promise<void> {
  const state = await openState(rt);
  try {
    const rows = state.feeds().map((f) => {
      const origins = state.origins(f.name);
      const last = state.runs(f.name, 1)[0];
      return {
        name: f.name,
        kind: f.kind,
        source: f.source,
        authority: f.authority,
        events: countOf(origins, 'active'),
        ignored: countOf(origins, 'ignored'),
        last_run: last?.started ?? null,
        last_status: last?.status ?? null,
      };
    });
    if ((await outputFormat(rt)) !== 'table') return await printData(rt, rows);
    if (rows.length === 0) {
      stderrNotes(rt.ctx).text('calctl: no feeds on this site; add one: calctl feeds add NAME URL\n', 'info');
      return;
    }
    const { printText, renderTable, stdoutTerminal } = await import('../../output/index.js');
    printText(
      rt.ctx,
      renderTable(rows, ['name', 'kind', 'source', 'authority', 'events', 'ignored', 'last_run', 'last_status'], {
        width: stdoutTerminal(rt.ctx).columns,
      }),
    );
  } finally {
    state.close();
  }
}

/** Runs shown by `feeds show`. */
const RUNS_SHOWN = 10;

/** `feeds show NAME`: settings, events, the ignored ones, the last runs. */
export async function showFeed(rt: Runtime, name: string): Promise<void> {
  const state = await openState(rt);
  try {
    const feed = state.feed(name);
    if (!feed) throw unknownFeed(name, state.feeds());
    const origins = state.origins(name);
    const ignored = [...origins.values()]
      .filter((o) => o.state === 'ignored')
      .map((o) => ({ id: o.siteId, title: o.title, key: o.key, reason: o.reason, since: o.updated }));
    const runs = state.runs(name, RUNS_SHOWN).map((r) => ({
      started: r.started,
      status: r.status,
      seconds: r.seconds,
      ...pickCounts(r.summary),
      error: r.error,
      rejects: (r.summary.rejects as unknown[] | undefined) ?? [],
    }));
    const events = {
      active: countOf(origins, 'active'),
      ignored: ignored.length,
      removed: countOf(origins, 'removed'),
    };
    const data = { ...feed, site: await siteName(rt), events, ignored_events: ignored, runs };
    if ((await outputFormat(rt)) !== 'table') return await printData(rt, data);
    const { printText, renderKeyValue, renderTable, stdoutTerminal } = await import('../../output/index.js');
    const out = { write: (text: string) => printText(rt.ctx, text) };
    const width = stdoutTerminal(rt.ctx).columns;
    const { runs: _r, ignored_events: _i, events: _e, ...settings } = data;
    out.write(
      renderKeyValue(
        {
          ...settings,
          events: `${events.active} on the site, ${events.ignored} ignored, ${events.removed} trashed by the feed`,
        } as never,
        undefined,
        { width },
      ),
    );
    out.write(`\nIgnored (trashed or deleted on the site; the feed leaves them alone): ${ignored.length}\n`);
    if (ignored.length > 0) {
      const rows = ignored.map((i) => ({ ...i, since: i.since.slice(0, 10) }));
      out.write(renderTable(rows, ['id', 'title', 'reason', 'since', 'key'], { width }));
    }
    out.write(`\nLast runs: ${runs.length}\n`);
    if (runs.length > 0) {
      out.write(
        renderTable(
          runs.map((r) => ({ ...r, started: r.started.slice(0, 16).replace('T', ' '), error: r.error ?? '' })),
          ['started', 'status', 'created', 'updated', 'trashed', 'unchanged', 'ignored', 'rejected', 'error'],
          { width },
        ),
      );
      const rejects = runs[0]?.rejects as { line: number; key: string; error: string }[];
      for (const r of rejects ?? []) out.write(`  rejected in the last run: line ${r.line} ${r.key}: ${r.error}\n`);
    }
  } finally {
    state.close();
  }
}

const pickCounts = (s: Record<string, unknown>) => ({
  created: Number(s.created ?? 0),
  updated: Number(s.updated ?? 0),
  trashed: Number(s.trashed ?? 0),
  unchanged: Number(s.unchanged ?? 0),
  ignored: Number(s.ignored ?? 0),
  rejected: Number(s.rejected ?? 0),
});

function unknownFeed(name: string, all: FeedSettings[]): UsageError {
  return new UsageError(
    `no feed named "${name}" on this site`,
    all.length > 0 ? `feeds: ${all.map((f) => f.name).join(', ')}` : 'add one: calctl feeds add NAME URL',
    'unknown-feed',
  );
}

/** `feeds remove NAME [--trash-events]`. */
export async function removeFeed(rt: Runtime, name: string, opts: RemoveFeedFlags): Promise<void> {
  const state = await openState(rt);
  try {
    const feed = state.feed(name);
    if (!feed) throw unknownFeed(name, state.feeds());
    const active = [...state.origins(name).values()].filter((o) => o.state === 'active');
    let trashed = 0;
    if (opts.trashEvents === true && active.length > 0) {
      if (!(await confirmOrThrow(rt, `Trash the ${active.length} event(s) of feed ${name}?`))) return;
      const lock = await acquireRunLock(state.path, {
        waitSeconds: LOCK_WAIT_SECONDS,
        signal: rt.ctx.signal,
        now: () => rt.ctx.now(),
      });
      try {
        const api = await rt.api();
        for (const o of active) {
          try {
            await api.delete(`/events/${o.siteId}`, { signal: rt.ctx.signal, finish: true });
            trashed++;
          } catch (err) {
            const status = (err as { status?: number }).status;
            if (status !== 410 && status !== 404 && status !== 400) throw err;
          }
        }
        state.removeFeed(name);
      } finally {
        lock.release();
      }
    } else {
      state.removeFeed(name);
    }
    stderrNotes(rt.ctx).text(
      opts.trashEvents === true
        ? `calctl: feed ${name} removed; ${trashed} event(s) moved to the trash\n`
        : `calctl: feed ${name} removed; its ${active.length} event(s) stay on the site (no longer followed)\n`,
      'info',
    );
  } finally {
    state.close();
  }
}
