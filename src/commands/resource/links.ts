/**
 * `--venue`, `--organizer`, `--categories`, `--tags` (and `parent`, `event`) by id, slug or name, in
 * create, update and list, through the resolver import uses (src/links/: each name asked of the site
 * once per command). An ambiguous name is an error listing the records it matches; an unknown one says how to
 * create it, or is created first with `--create-missing` (as a real site's inline objects are).
 */
import type { FieldSpec, ParamSpec, ResourceName } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import { createLinkResolver, LinkError, type LinkResolver } from '../../links/index.js';
import type { Runtime } from '../types.js';

type Spec = FieldSpec | ParamSpec;

const isNumeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()));

/** Options of {@link linkResolverFor}. */
export interface CliLinkOptions {
  /** create venues, organizers and terms that no record names (else an error) */
  createMissing?: boolean | undefined;
  dryRun?: boolean | undefined;
}

/** A resolver for one command. */
export async function linkResolverFor(rt: Runtime, opts: CliLinkOptions = {}): Promise<LinkResolver> {
  return createLinkResolver({
    api: await rt.api(),
    dryRun: opts.dryRun === true,
    signal: rt.ctx.signal,
    missing: opts.createMissing ? 'create' : 'error',
    ambiguous: 'error',
    checkIds: false,
  });
}

/** A LinkError as the usage error it is for a command line (exit 2, with its hint). */
function asUsage(err: unknown): never {
  if (err instanceof LinkError) throw new UsageError(err.message, err.hint, 'unknown-link');
  throw err;
}

/** Every value of a link: a comma list or several flags become pieces; ids and objects pass. */
async function resolveValue(
  links: () => Promise<LinkResolver>,
  linked: ResourceName,
  field: string,
  value: unknown,
  split: boolean,
): Promise<unknown> {
  const one = async (v: unknown): Promise<unknown> => {
    if (isNumeric(v)) return Number(v);
    if (typeof v !== 'string' || v.trim() === '') return v;
    return (await links()).resolveOne(linked, v, field).catch(asUsage);
  };
  if (Array.isArray(value)) {
    const pieces = split ? value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) : value;
    const out: unknown[] = [];
    for (const v of pieces) {
      if (typeof v === 'string' && v.trim() === '') continue;
      out.push(await one(typeof v === 'string' ? v.trim() : v));
    }
    return out;
  }
  if (split && typeof value === 'string' && value.includes(','))
    return resolveValue(links, linked, field, [value], true);
  return one(value);
}

/**
 * Replaces the slugs and names in the link values of `values` (flags or a body) with ids, in place.
 * @param split comma lists are several values (list filters), not one name with a comma
 */
export async function resolveLinks(
  rt: Runtime,
  specs: readonly Spec[],
  values: Record<string, unknown>,
  opts: CliLinkOptions & { split?: boolean } = {},
): Promise<void> {
  let resolver: Promise<LinkResolver> | undefined;
  const links = () => {
    resolver ??= linkResolverFor(rt, opts);
    return resolver;
  };
  for (const spec of specs) {
    // (events are named by id only: a name would mean listing the whole calendar)
    if (!spec.link || spec.link === 'events' || values[spec.name] === undefined || values[spec.name] === null) continue;
    values[spec.name] = await resolveValue(links, spec.link, spec.name, values[spec.name], opts.split === true);
  }
}
