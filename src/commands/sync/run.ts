/**
 * What `calctl sync` runs: pull, push, status and resolve over a working copy (docs/sync.md). Loaded
 * only when a sync command runs (it opens SQLite and the embedded server).
 */
import { existsSync } from 'node:fs';
import type { ResourceSpec } from '../../catalog/index.js';
import type { RemoteTarget } from '../../config/index.js';
import {
  type ReplicaMeta,
  readReplicaMeta,
  rememberReplicaDir,
  replicaDir,
  replicaName,
  writeReplicaMeta,
} from '../../config/replicas.js';
import { PartialError, UsageError } from '../../errors/index.js';
import { type Notes, stderrNotes, summaryFormat } from '../../output/notes.js';
import { dataFormat, printText, printValue } from '../../output/stdout.js';
import { tuneHeapForImport } from '../heap.js';
import { recordRun } from '../history/store.js';
import { outputFormat, siteZone } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { type Counts, pull } from './pull.js';
import { type PlannedWrite, plannedText, push } from './push.js';
import { contentHash, type Rec, SYNC_ORDER, syncForm } from './records.js';
import { type LocalView, openLocalView, Writer } from './replica.js';
import { type ConflictRow, localStamp, SyncState } from './state.js';

export type Policy = 'local' | 'site' | undefined;

/** New ids said on stderr after a push; the JSON summary has every one. */
const MAPPING_SHOWN = 10;

interface Opened {
  rt: CliRuntime;
  name: string;
  /** how to call calctl on this site again: `calctl @prod`, or `calctl` when no profile names it */
  again: string;
  dir: string;
  meta: ReplicaMeta;
  state: SyncState;
}

async function open(rt: CliRuntime, dataFlag: string | undefined, create: boolean): Promise<Opened> {
  if (rt.globals().offline) throw new UsageError('sync talks to the site: leave out --offline');
  const target = await rt.target();
  if (target.kind !== 'remote') {
    throw new UsageError(
      'sync keeps a copy of a site, and no site is selected',
      'name one: calctl @prod sync pull (a profile), or --url https://example.org',
    );
  }
  const name = replicaName(target as RemoteTarget);
  const again = (target as RemoteTarget).profileName ? `calctl @${name}` : 'calctl';
  const { env, home } = rt.ctx;
  if (dataFlag) rememberReplicaDir(env, home, name, dataFlag);
  const dir = replicaDir(env, home, name);
  let meta = readReplicaMeta(dir);
  if (!meta) {
    if (!create) throw new UsageError(`there is no offline copy of ${name} yet`, `make it with: ${again} sync pull`);
    const api = await rt.api();
    meta = { site: api.baseUrl, profile: name, timezone: await siteZone(rt), pulledAt: '' };
    writeReplicaMeta(dir, meta);
  } else if (dataFlag && !existsSync(dir)) {
    throw new UsageError(`the copy's directory ${dir} is missing`);
  }
  return { rt, name, again, dir, meta, state: new SyncState(dir, rt.ctx.now) };
}

/** The field-by-field difference of a conflict: base, local and site values of each field that differs. */
function diffOf(resource: ResourceSpec, base: Rec | undefined, local: Rec | undefined, site: Rec | null) {
  const forms = [base, local, site ?? undefined].map((r) => (r ? syncForm(resource, r) : undefined));
  const keys = new Set(forms.flatMap((f) => (f ? Object.keys(f) : [])));
  const fields: { field: string; base: unknown; local: unknown; site: unknown }[] = [];
  for (const key of [...keys].sort()) {
    const [b, l, s] = forms.map((f) => (f ? f[key] : undefined));
    if (JSON.stringify(l) !== JSON.stringify(s)) fields.push({ field: key, base: b, local: l, site: s });
  }
  return fields;
}

async function describeConflicts(o: Opened, conflicts: ConflictRow[]) {
  if (conflicts.length === 0) return [];
  const view = await openLocalView(o.rt.ctx, o.dir, o.meta.timezone);
  try {
    const out = [];
    for (const c of conflicts) {
      const resource = SYNC_ORDER.find((r) => r.name === c.resource) as ResourceSpec;
      const base = o.state.base(c.resource, c.id)?.record as Rec | undefined;
      const mine = await view.get(resource, c.id);
      out.push({
        resource: c.resource,
        id: c.id,
        kind: c.kind,
        fields: diffOf(resource, base, mine, c.site as Rec | null),
      });
    }
    return out;
  } finally {
    await view.close();
  }
}

/** Decides recorded conflicts by a policy: the site's version, or the copy's (pushed next). */
async function resolve(o: Opened, policy: 'local' | 'site', only?: (c: ConflictRow) => boolean): Promise<number> {
  const chosen = o.state.conflicts().filter((c) => !only || only(c));
  if (chosen.length === 0) return 0;
  const writer = new Writer(o.dir);
  let view: LocalView | undefined;
  try {
    for (const c of chosen) {
      const resource = SYNC_ORDER.find((r) => r.name === c.resource) as ResourceSpec;
      const site = c.site as Rec | null;
      // The site's record becomes the base; `local` says whether the copy's row now holds it too.
      const siteBase = (from: Rec, local: string) =>
        o.state.setBase({
          resource: c.resource,
          id: from.id,
          hash: contentHash(resource, from),
          record: from,
          modified: '',
          local,
        });
      if (policy === 'site') {
        writer.apply((w) => {
          if (c.kind === 'create/create' && site) w.rekey(resource, c.id, site.id);
          if (site) w.put(resource, site);
          else w.remove(resource, c.id);
        });
        if (site) siteBase(site, localStamp(site));
        else o.state.dropBase(c.resource, c.id);
      } else if (c.kind === 'create/create' && site) {
        // (the copy's version of a record both sides made: it becomes an update of the site's record)
        view ??= await openLocalView(o.rt.ctx, o.dir, o.meta.timezone);
        const local = await view.get(resource, c.id);
        writer.apply((w) => {
          w.rekey(resource, c.id, site.id);
          w.put(resource, { ...(local ?? site), id: site.id });
        });
        siteBase(site, '');
      } else if (site) {
        siteBase(site, '');
      } else {
        // (the site deleted it, the copy changed it: it is made again on the site by the next push)
        o.state.dropBase(c.resource, c.id);
      }
      o.state.clearConflict(c.resource, c.id);
    }
  } finally {
    await view?.close();
    writer.close();
  }
  return chosen.length;
}

export interface RunOptions {
  pull: boolean;
  push: boolean;
  dryRun: boolean;
  onConflict: Policy;
  data?: string | undefined;
  /** `--quiet`: nothing on a success (the summary as data only with -o), conflicts and failures on stderr */
  quiet?: boolean | undefined;
}

export async function run(rt: CliRuntime, opts: RunOptions): Promise<void> {
  const started = rt.ctx.now().getTime();
  // (a pull streams pages as an import does: the same heap settings keep it small)
  tuneHeapForImport();
  const o = await open(rt, opts.data, opts.pull);
  const notes = stderrNotes(rt.ctx, { quiet: opts.quiet });
  const say = (line: string) => notes.info(line);
  const g = rt.globals();
  const zero = (): Counts => ({ created: 0, updated: 0, deleted: 0 });
  const summary = { pulled: zero(), pushed: zero(), conflicts: [] as unknown[], mapping: {} as object, seconds: 0 };
  try {
    const site = await rt.api();
    if (opts.pull) {
      // (the site's zone as it is now: its local times are what a pull asks about, and the copy answers in it)
      const zone = await siteZone(rt);
      if (zone !== o.meta.timezone) {
        o.meta = { ...o.meta, timezone: zone };
        writeReplicaMeta(o.dir, o.meta);
      }
      const local = await openLocalView(rt.ctx, o.dir, o.meta.timezone);
      const writer = new Writer(o.dir);
      try {
        // (the seam where a test crashes a pull: between the copy's commit and the status database's)
        const stored = () => rt.ctx.fault?.('sync-pull-stored');
        summary.pulled = (await pull(site, local, o.state, writer, o.meta.timezone, stored)).counts;
      } finally {
        await local.close();
        writer.close();
      }
      o.meta = { ...o.meta, pulledAt: new Date(rt.ctx.now().getTime()).toISOString() };
      writeReplicaMeta(o.dir, o.meta);
    }
    if (opts.onConflict) await resolve(o, opts.onConflict);
    // (a dry run's writes: words, one per line, or one value as data in a machine format, JSON when piped)
    const planFormat = opts.dryRun ? dataFormat(await outputFormat(rt)) : undefined;
    const planned: PlannedWrite[] = [];
    if (opts.push) {
      const local = await openLocalView(rt.ctx, o.dir, o.meta.timezone);
      const writer = new Writer(o.dir);
      // (a push that writes is recorded in the profile's history: calctl history, calctl undo)
      const recorder = await recordRun(rt, { kind: 'sync push', source: o.dir }, (line) => notes.line(line));
      try {
        const result = await push(site, local, o.state, writer, {
          dryRun: opts.dryRun,
          journal: recorder?.journal,
          onPlan: (write) => {
            if (planFormat) planned.push(write);
            else printText(rt.ctx, `${plannedText(write)}\n`);
          },
          signal: rt.ctx.signal,
        });
        summary.pushed = result.counts;
        summary.mapping = result.mapping;
        recorder?.finish('done', result.counts);
      } catch (err) {
        recorder?.finish(rt.ctx.signal.aborted ? 'interrupted' : 'failed', summary.pushed);
        throw err;
      } finally {
        await local.close();
        writer.close();
      }
    }
    if (opts.dryRun) {
      if (planFormat) printValue(rt.ctx, dryRunPlan(planned), planFormat);
      return;
    }
    summary.conflicts = await describeConflicts(o, o.state.conflicts());
    summary.seconds = Math.round((rt.ctx.now().getTime() - started) / 100) / 10;
    // (as data on stdout in a machine format, JSON when piped; the words on stderr for people; with
    // --quiet the data only when -o asks for it, the words only for conflicts)
    const format = summaryFormat(await outputFormat(rt), { quiet: notes.quiet, output: g.output, json: g.json });
    if (format) printValue(rt.ctx, summary, format);
    const p = summary.pulled;
    const q = summary.pushed;
    if (opts.pull) say(`pulled from ${o.name}: ${p.created} new, ${p.updated} changed, ${p.deleted} gone`);
    if (opts.push) say(`pushed to ${o.name}: ${q.created} created, ${q.updated} changed, ${q.deleted} deleted`);
    // (the new ids, a few of them: -o json has them all)
    const moved = Object.entries(summary.mapping).flatMap(([resource, map]) =>
      Object.entries(map as Record<string, number>).map(([from, to]) => `${resource} ${from} is now ${to} on the site`),
    );
    for (const line of moved.slice(0, MAPPING_SHOWN)) say(line);
    if (moved.length > MAPPING_SHOWN)
      say(`… and ${moved.length - MAPPING_SHOWN} more new ids (-o json lists them all)`);
    if (summary.conflicts.length > 0) {
      if (!format) printConflicts(notes, summary.conflicts as Awaited<ReturnType<typeof describeConflicts>>);
      throw new PartialError(
        `${summary.conflicts.length} record(s) changed on both sides were left as they are`,
        `decide them: ${o.again} sync --on-conflict local|site, or one at a time: ${o.again} sync resolve ID --take local|site`,
      );
    }
  } finally {
    o.state.close();
  }
}

function printConflicts(notes: Notes, conflicts: Awaited<ReturnType<typeof describeConflicts>>): void {
  const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));
  for (const c of conflicts) {
    notes.text(`conflict: ${c.resource} ${c.id} (${c.kind})\n`, 'trouble');
    for (const f of c.fields) {
      notes.text(`  ${f.field}: base ${show(f.base)}, local ${show(f.local)}, site ${show(f.site)}\n`, 'trouble');
    }
  }
}

/** What `sync push --dry-run` prints as data: every write it would send, then their counts. */
function dryRunPlan(writes: PlannedWrite[]) {
  const count = (actions: PlannedWrite['action'][]) => writes.filter((w) => actions.includes(w.action)).length;
  return {
    dry_run: true,
    writes,
    pushed: { created: count(['create']), updated: count(['update', 'trash']), deleted: count(['delete']) },
  };
}

/** `sync status`: what changed on each side since the last sync, and the conflicts a push would meet. */
export async function status(rt: CliRuntime, verbose: boolean): Promise<void> {
  const o = await open(rt, undefined, false);
  try {
    const site = await rt.api();
    const view = await openLocalView(rt.ctx, o.dir, o.meta.timezone);
    const { siteChanges } = await import('./pull.js');
    const out: { resource: string; id: number; side: string; change: string }[] = [];
    try {
      for (const resource of SYNC_ORDER) {
        const base = o.state.baseMeta(resource.name);
        const { records, present } = await view.candidates(resource, base);
        for (const rec of records.values()) {
          const b = base.get(rec.id);
          if (!b) out.push({ resource: resource.name, id: rec.id, side: 'local', change: 'created' });
          else if (contentHash(resource, rec) !== b.hash) {
            out.push({ resource: resource.name, id: rec.id, side: 'local', change: 'changed' });
          }
        }
        for (const id of base.keys()) {
          if (!present.has(id)) out.push({ resource: resource.name, id, side: 'local', change: 'deleted' });
        }
        const theirs = await siteChanges(site, resource, base, o.meta.timezone);
        for (const [id] of theirs.changed) {
          out.push({ resource: resource.name, id, side: 'site', change: base.has(id) ? 'changed' : 'created' });
        }
        for (const id of theirs.gone) out.push({ resource: resource.name, id, side: 'site', change: 'deleted' });
      }
    } finally {
      await view.close();
    }
    const both = new Set(out.filter((c) => c.side === 'local').map((c) => `${c.resource}:${c.id}`));
    const recorded = o.state.conflicts();
    const noted = new Set(recorded.map((c) => `${c.resource}:${c.id}`));
    const conflicts = out.filter(
      (c) => c.side === 'site' && both.has(`${c.resource}:${c.id}`) && !noted.has(`${c.resource}:${c.id}`),
    );
    const format = dataFormat(await outputFormat(rt));
    if (format) {
      printValue(rt.ctx, { changes: out, conflicts: [...conflicts, ...recorded] }, format);
      return;
    }
    const count = (side: string) => out.filter((c) => c.side === side).length;
    const lines = [
      `${o.name}: ${count('local')} local change(s), ${count('site')} on the site, ${conflicts.length + recorded.length} conflict(s); pulled ${o.meta.pulledAt || 'never'}`,
      ...(verbose ? out.map((c) => `  ${c.side} ${c.change} ${c.resource} ${c.id}`) : []),
      ...recorded.map((c) => `  conflict ${c.resource} ${c.id} (${c.kind})`),
    ];
    printText(rt.ctx, lines.map((line) => `${line}\n`).join(''));
  } finally {
    o.state.close();
  }
}

/** `sync resolve ID --take local|site`. */
export async function resolveOne(
  rt: CliRuntime,
  id: string,
  take: 'local' | 'site',
  resourceName?: string,
  quiet = false,
): Promise<void> {
  const o = await open(rt, undefined, false);
  try {
    const matches = o.state
      .conflicts()
      .filter((c) => String(c.id) === id && (!resourceName || c.resource === resourceName));
    if (matches.length === 0) throw new UsageError(`no conflict names ${id}`, `list them: ${o.again} sync status`);
    if (matches.length > 1) {
      throw new UsageError(
        `${id} names conflicts in ${matches.map((m) => m.resource).join(' and ')}`,
        'say which with --resource',
      );
    }
    const [only] = matches as [ConflictRow];
    await resolve(o, take, (c) => c.resource === only.resource && c.id === only.id);
    stderrNotes(rt.ctx, { quiet }).info(
      `${only.resource} ${id}: took the ${take === 'local' ? "copy's" : "site's"} version`,
    );
  } finally {
    o.state.close();
  }
}
