/**
 * Text as text: the plain fields of a record (titles, names, addresses, phones, costs …; `text:
 * 'plain'` in the catalog) come from a site with references in them (`Kids&#8217; Club`, `Probe H
 * &amp; Co`); they are printed decoded. HTML fields (descriptions, excerpts) stay HTML. Linked records
 * embedded in a record (an event's venue, organizers, categories, tags) are decoded by their own
 * resource's fields. `--raw` skips all of this and prints what the site sent.
 */
import { getResource, type ResourceSpec } from '../catalog/index.js';
import { decodeEntities } from '../wptext/index.js';
import type { JsonRecord } from './fields.js';

const isObject = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Per resource: its plain fields, and its link fields with the resource they embed. */
const shapes = new Map<ResourceSpec, { plain: Set<string>; links: Map<string, ResourceSpec> }>();

function shapeOf(resource: ResourceSpec) {
  let shape = shapes.get(resource);
  if (!shape) {
    shape = {
      plain: new Set(resource.fields.filter((f) => f.text === 'plain').map((f) => f.name)),
      links: new Map(resource.fields.filter((f) => f.link).map((f) => [f.name, getResource(f.link as never)])),
    };
    shapes.set(resource, shape);
  }
  return shape;
}

function decodeLinked(value: unknown, linked: ResourceSpec): unknown {
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? plainRecord(linked, v) : v));
  return isObject(value) ? plainRecord(linked, value) : value;
}

/** A copy of `record` with its plain text fields decoded (the record itself is left as it is). */
export function plainRecord(resource: ResourceSpec, record: JsonRecord): JsonRecord {
  const { plain, links } = shapeOf(resource);
  let out: JsonRecord | undefined;
  for (const [key, value] of Object.entries(record)) {
    let next = value;
    if (typeof value === 'string' && plain.has(key)) next = decodeEntities(value);
    else {
      const linked = links.get(key);
      if (linked && value !== null && typeof value === 'object') next = decodeLinked(value, linked);
    }
    if (next !== value) {
      out ??= { ...record };
      out[key] = next;
    }
  }
  return out ?? record;
}
