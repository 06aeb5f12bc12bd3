/**
 * `calctl migrate SOURCE TARGET`: a whole calendar copied from one site to another (docs/hygiene.md).
 * Both sides are read (every record of every resource, events of every date in the statuses asked
 * for), a plan is made from them and the id map, shown, confirmed, and carried out.
 */
import { expandStatus, getResource, VISIBLE_STATUSES } from '../../catalog/index.js';
import { replicaName } from '../../config/replicas.js';
import { PartialError, UsageError } from '../../errors/index.js';
import { stderrNotes, summaryFormat } from '../../output/notes.js';
import { printText, printValue } from '../../output/stdout.js';
import { confirmOrThrow, outputFormat } from '../shared.js';
import type { CommandDeps, Runtime } from '../types.js';
import { applyPlan, type Done } from './apply.js';
import { IdMap, idMapPath } from './idmap.js';
import { type Counts, makePlan, type Plan, type Side } from './plan.js';
import {
  addHiddenEvents,
  EVERY_VISIBLE,
  fetchMissingLinks,
  listSide,
  MEDIA,
  MIGRATE_ORDER,
  type MigratedResource,
} from './records.js';

export interface MigrateOptions {
  /** events' statuses to copy (comma list; `any` for every visible one) */
  status: string;
  quiet?: boolean;
}

/** A site as the command line names it: `@profile`, `local`, or an address. */
export function parseSite(text: string): { profile?: string; url?: string } {
  const t = text.trim();
  if (t === '') throw new UsageError('a site is empty', 'name a site: @profile, local, or its address', 'bad-site');
  if (/^https?:\/\//i.test(t)) return { url: t };
  return { profile: t.replace(/^@/, '') };
}

/** The statuses of `--status`, checked: the visible ones (`any` for all of them). */
export function parseStatuses(text: string): string {
  const list = expandStatus(text).split(',').filter(Boolean);
  const bad = list.filter((s) => !(VISIBLE_STATUSES as readonly string[]).includes(s));
  if (list.length === 0 || bad.length > 0) {
    throw new UsageError(
      `--status: ${bad.length > 0 ? `unknown status ${bad.map((s) => `"${s}"`).join(', ')}` : 'no status given'}`,
      `give one or more of ${VISIBLE_STATUSES.join(', ')} (comma-separated), or any`,
      'bad-status',
    );
  }
  return list.join(',');
}

/** A site's name in the id map's file name: its profile, its host and port, or `local`. */
async function nameOf(rt: Runtime): Promise<{ name: string; url: string; anonymous: boolean }> {
  const target = await rt.target();
  if (target.kind === 'local') return { name: 'local', url: 'local', anonymous: false };
  return { name: replicaName(target), url: target.url, anonymous: target.auth === undefined };
}

const RESOURCES = [...MIGRATE_ORDER.slice(0, 2), MEDIA, ...MIGRATE_ORDER.slice(2)] as const;

function planLine(name: string, c: Counts): string {
  return `${name}: create ${c.create}, update ${c.update}, adopt ${c.adopt}, unchanged ${c.unchanged}`;
}

function doneLine(name: string, d: Done): string {
  return `${name}: ${d.created} created, ${d.updated} updated, ${d.adopted} adopted, ${d.unchanged} unchanged, ${d.failed} failed`;
}

const writes = (plan: Plan) => Object.values(plan.counts).reduce((n, c) => n + c.create + c.update + c.adopt, 0);

export async function runMigrate(deps: CommandDeps, from: string, to: string, opts: MigrateOptions): Promise<void> {
  const rt = deps.runtime();
  const { ctx } = rt;
  const g = rt.globals();
  const statuses = parseStatuses(opts.status);
  const quiet = opts.quiet === true;
  const notes = stderrNotes(ctx, { quiet });
  const format = await outputFormat(rt);
  const open = deps.siteRuntime;
  if (!open) throw new UsageError('migrate needs the command line (no site runtime)');
  const fromRt = open(parseSite(from));
  const toRt = open(parseSite(to));
  try {
    const [src, dst] = await Promise.all([nameOf(fromRt), nameOf(toRt)]);
    if (src.url === dst.url) {
      throw new UsageError(`${from} and ${to} are the same site`, 'name two different sites', 'same-site');
    }
    const [source, target] = await Promise.all([fromRt.api(), toRt.api()]);
    const map = new IdMap(
      idMapPath(ctx.env, ctx.home, src.name, dst.name),
      { site: src.name, url: src.url },
      { site: dst.name, url: dst.url },
      () => ctx.now(),
    );
    const t0 = performance.now();
    // Both sides, read whole: every record of each resource (the target's to find what it holds).
    const sourceSide: Side = new Map();
    const targetSide: Side = new Map();
    await Promise.all(
      MIGRATE_ORDER.map(async (name: MigratedResource) => {
        const resource = getResource(name);
        const [mine, theirs] = await Promise.all([
          // (a site read without credentials shows published records only)
          listSide(
            source,
            resource,
            name === 'events' ? statuses : src.anonymous ? 'publish' : EVERY_VISIBLE,
            ctx.signal,
          ),
          listSide(target, resource, EVERY_VISIBLE, ctx.signal),
        ]);
        sourceSide.set(name, mine);
        targetSide.set(name, theirs);
      }),
    );
    if (!src.anonymous) {
      await addHiddenEvents(source, sourceSide.get('events') ?? new Map(), statuses, (line) => notes.note(line));
    }
    await fetchMissingLinks(source, sourceSide);
    const plan = await makePlan(target, sourceSide, targetSide, map, ctx.signal);
    const data = summaryFormat(format, { quiet, output: g.output, json: g.json });
    if (g.dryRun) {
      const counts = Object.fromEntries(RESOURCES.map((r) => [r, plan.counts[r]]));
      if (data) printValue(ctx, { dry_run: true, source: src.name, target: dst.name, counts, plan: plan.items }, data);
      else {
        const lines = RESOURCES.map((r) => planLine(r, plan.counts[r] as Counts));
        printText(ctx, `${lines.join('\n')}\n`);
      }
      notes.info(`dry run: nothing was written to ${dst.name}`);
      return;
    }
    if (writes(plan) > 0) {
      for (const r of RESOURCES) notes.info(`plan: ${planLine(r, plan.counts[r] as Counts)}`);
      const ok = await confirmOrThrow(rt, `Copy ${from} to ${to}: ${writes(plan)} record(s) to write?`);
      if (!ok) {
        notes.info('nothing written');
        return;
      }
    }
    const outcome = await applyPlan(ctx, { source, target }, sourceSide, plan, map);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    for (const r of RESOURCES)
      notes.info(
        doneLine(
          r,
          outcome.done[r] ?? {
            created: 0,
            updated: 0,
            adopted: 0,
            unchanged: plan.counts[r]?.unchanged ?? 0,
            failed: 0,
          },
        ),
      );
    for (const w of outcome.warnings) notes.warn(w);
    for (const f of outcome.failed) notes.trouble(`${f.resource} ${f.source_id} (${f.title}) failed: ${f.error}`);
    notes.info(`id map: ${map.path} (${seconds} s)`);
    if (data) {
      printValue(
        ctx,
        {
          source: src.name,
          target: dst.name,
          map: map.path,
          resources: Object.fromEntries(RESOURCES.map((r) => [r, outcome.done[r] ?? null])),
          failed: outcome.failed,
          warnings: outcome.warnings,
          seconds,
        },
        data,
      );
    }
    if (outcome.failed.length > 0) {
      throw new PartialError(
        `${outcome.failed.length} record(s) could not be copied`,
        'see the messages above; run the migration again once fixed (what arrived is not sent again)',
      );
    }
  } finally {
    await Promise.all([fromRt.close().catch(() => {}), toRt.close().catch(() => {})]);
  }
}
