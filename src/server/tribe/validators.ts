import {
  type FieldSpec,
  getResource,
  metaKeys,
  type ParamSpec,
  postTypeOf,
  type ResourceSpec,
  taxonomyOf,
} from '../../catalog/index.js';
import { isValidTimeZone } from '../../clock/index.js';
import { isTime, KNOWN_STATUSES, parseStatusParam, positiveInt, postOfType } from '../posts/rules.js';
import {
  type ArgDef,
  isDigits,
  isNonEmptyString,
  listOf,
  phpEmpty,
  toBool,
  typeDetail,
  typed,
  type Verdict,
} from '../rest/args.js';
import type { RequestScope } from '../site.js';
import { canType } from '../users/caps.js';
import { validOrganizer, validVenue } from './handlers/event-links.js';
import { isImageOrEmpty, isImageValue } from './handlers/images.js';
import { findTermRef } from './handlers/terms.js';

type Check = NonNullable<ArgDef['validate']>;

/**
 * PHP's FILTER_VALIDATE_URL, as the plugin's is_url uses it: a scheme, no white space; a host after
 * `//` (a valid host name for http and https); only mailto:, news: and file: may go without one.
 */
export function isUrl(v: unknown): boolean {
  if (typeof v !== 'string' || /[\s\x00-\x1f\x7f]/.test(v)) return false;
  const m = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(v);
  if (!m) return false;
  const scheme = (m[1] as string).toLowerCase();
  const rest = m[2] as string;
  if (!rest.startsWith('//')) return ['mailto', 'news', 'file'].includes(scheme) && rest !== '';
  const authority = rest.slice(2).split(/[/?#]/)[0] as string;
  const host = authority.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
  if (host === '') return ['mailto', 'news', 'file'].includes(scheme);
  if (scheme === 'http' || scheme === 'https') {
    return /^\[[0-9a-f:.]+\]$/i.test(host) || /^(?!-)[a-z0-9-]+(?<!-)(\.(?!-)[a-z0-9-]+(?<!-))*\.?$/i.test(host);
  }
  return true;
}
/** The plugin's is_string_or_empty: empty in PHP's sense, or a non-empty string. */
const stringOrEmpty = (v: unknown) => phpEmpty(v) || isNonEmptyString(v);
/** A JSON-schema boolean as WordPress checks it: true/false/1/0 in any case; an empty value is not one. */
const bool =
  (name: string): Check =>
  (v) =>
    v === '' || toBool(v) === undefined ? typeDetail(name, 'boolean') : true;
const existingEvent: Check = (v, s) => postOfType(s, 'tribe_events', v) !== undefined;
const userExists = (v: unknown, s: RequestScope) =>
  isDigits(v) && s.stores.db.prepare('SELECT 1 FROM users WHERE id = ?').get(Number(v)) !== undefined;

/**
 * The plugin's validate callbacks of create/update fields, by field name; a field without one is only
 * checked by its schema type, afterwards (see {@link fieldArgs}).
 */
function fieldCheck(resource: ResourceSpec, field: FieldSpec, creating: boolean): Check | undefined {
  const n = field.name;
  const linked = resource.name === 'venues' || resource.name === 'organizers';
  if (n === 'author') return (v, s) => userExists(v, s);
  if (field.semantic === 'date') return (v, s) => isTime(v, s);
  if (n === 'status') return (v) => typeof v === 'string' && KNOWN_STATUSES.has(v);
  if (n === 'timezone') return (v) => v === '' || (typeof v === 'string' && isValidTimeZone(v.trim()));
  // (is_image: an attachment id or an image URL; venues and organizers may also leave it empty)
  if (n === 'image') return linked ? isImageOrEmpty : isImageValue;
  if (n === 'website') return (v) => phpEmpty(v) || isUrl(v);
  // (a venue's or organizer's description and meta texts: is_string_or_empty; the website is a URL, above)
  if (linked && (n === 'description' || metaKeys(resource).includes(n))) return stringOrEmpty;
  if (n === 'venue' && resource.name === 'events') return (v, s) => validVenue(v, s);
  if (n === 'organizer' && resource.name === 'events') return (v, s) => validOrganizer(v, s);
  if (n === 'categories' || n === 'tags' || n === 'cost') return undefined;
  // (is_event_category: every item of the list names an existing category, by id, slug or name; the
  // integer type is checked afterwards)
  if (n === 'parent') {
    return (v, s) => {
      const refs = typeof v === 'number' ? [String(v)] : listOf(v);
      return (
        refs !== undefined && refs.length > 0 && refs.every((r) => findTermRef(r, 'tribe_events_cat', s) !== undefined)
      );
    };
  }
  if (field.semantic === 'name') return (v) => (creating ? isNonEmptyString(v) : isNonEmptyString(v));
  if (resource.name === 'events' && (n === 'description' || n === 'excerpt' || n === 'slug'))
    return (v) => isNonEmptyString(v);
  // TEC validates term descriptions and slugs with its `is_string` (non-empty), as event texts.
  if (resource.kind === 'term' && (n === 'description' || n === 'slug')) return (v) => isNonEmptyString(v);
  return undefined;
}

export function fieldArgs(resource: ResourceSpec, creating: boolean): ArgDef[] {
  return resource.fields.map((f) => {
    const validate = fieldCheck(resource, f, creating);
    return {
      name: f.name,
      required: creating && f.required === true,
      description: f.description,
      schema: {
        ...(f.default !== undefined ? { default: f.default } : {}),
        ...(f.schemaType ? { type: f.schemaType } : {}),
        ...(f.itemsType ? { items: { type: f.itemsType } } : {}),
      },
      ...(validate ? { validate } : {}),
      ...(f.schemaType ? { typeCheck: typed(f.name, f.schemaType) } : {}),
    };
  });
}

const everyRef =
  (check: (ref: string, s: RequestScope) => boolean): Check =>
  (v, s) => {
    const refs = listOf(v);
    return refs !== undefined && refs.length > 0 && refs.every((r) => check(r, s));
  };

/** Validators of list parameters, by name. */
function paramCheck(resource: ResourceSpec, p: ParamSpec): Check | undefined {
  const n = p.name;
  if (n === 'page' || n === 'per_page') return (v) => positiveInt(v) !== undefined;
  if (n === 'status') return (v, s) => parseStatusParam(v, canType(s, postTypeOf(resource), 'edit_posts')) !== false;
  if (p.semantic === 'date') return (v, s) => isTime(v, s);
  if (n === 'search' || n === 'strict_dates' || n === 'slug' || n === 'order' || n === 'orderby')
    return (v) => isNonEmptyString(v);
  if (n === 'ticketed') {
    return (v): Verdict => {
      // (an empty value is not a boolean here, as for every schema-typed boolean)
      const b = v === '' ? undefined : toBool(v);
      if (b === undefined) return typeDetail(n, 'boolean');
      return b ? { code: 'event-tickets-not-active', message: 'Filtering by tickets needs a ticketing plugin.' } : true;
    };
  }
  if (p.type === 'boolean' && p.schemaType === 'boolean') return bool(n);
  if (n === 'categories' || n === 'tags') {
    const tax = taxonomyOf(getResource(n));
    return everyRef((r, s) => findTermRef(r, tax, s) !== undefined);
  }
  if (n === 'venue') return everyRef((r, s) => postOfType(s, 'tribe_venue', r) !== undefined);
  if (n === 'organizer') return everyRef((r, s) => postOfType(s, 'tribe_organizer', r) !== undefined);
  if (n === 'include' && resource.name === 'events') return everyRef((r) => /^\d+$/.test(r) && Number(r) > 0);
  if ((n === 'include' || n === 'exclude') && resource.kind === 'term') {
    const tax = taxonomyOf(resource);
    return everyRef((r, s) => /^\d+$/.test(r) && s.stores.terms.getOf(tax, Number(r)) !== undefined);
  }
  if (n === 'post_parent' || n === 'event' || n === 'post') return existingEvent;
  // (is_event_category: every item of the list names an existing category, by id, slug or name; the
  // integer type is checked afterwards)
  if (n === 'parent') {
    return (v, s) => {
      const refs = typeof v === 'number' ? [String(v)] : listOf(v);
      return (
        refs !== undefined && refs.length > 0 && refs.every((r) => findTermRef(r, 'tribe_events_cat', s) !== undefined)
      );
    };
  }
  return undefined;
}

export function listArgs(resource: ResourceSpec): ArgDef[] {
  return resource.listParams.map((p) => {
    const validate = paramCheck(resource, p);
    return {
      name: p.name,
      required: false,
      description: p.description,
      schema: {
        ...(p.default !== undefined ? { default: p.default } : {}),
        ...(p.schemaType && p.schemaType !== 'array' ? { type: p.schemaType } : {}),
        ...(p.itemsType ? { items: { type: p.itemsType } } : {}),
        ...(p.format ? { format: p.format } : {}),
      },
      ...(validate ? { validate } : {}),
    };
  });
}

/** `id` of an item route: an existing record of this resource (validation, so 400 when not). */
export function idArg(resource: ResourceSpec): ArgDef {
  const validate: Check =
    resource.kind === 'term'
      ? (v, s) => isDigits(v) && s.stores.terms.getOf(taxonomyOf(resource), Number(v)) !== undefined
      : (v, s) => postOfType(s, postTypeOf(resource), v) !== undefined;
  return {
    name: 'id',
    required: true,
    description: `ID of the ${resource.singular}`,
    schema: { type: 'integer' },
    validate,
  };
}

export function slugArg(resource: ResourceSpec, mustExist: boolean, required = true): ArgDef {
  return {
    name: 'slug',
    required,
    description: `slug of the ${resource.singular}`,
    schema: { type: 'string' },
    ...(mustExist
      ? {
          // An empty slug names nothing (drafts have no slug yet), even though such rows exist.
          validate: ((v, s) =>
            typeof v === 'string' &&
            v !== '' &&
            s.stores.posts.getBySlug(postTypeOf(resource), v) !== undefined) as Check,
        }
      : {}),
  };
}
