/**
 * The resource catalog: the five resources of the tribe/events/v1 interface, described once.
 * The server's validation, /doc and namespace root, the CLI's flags, CSV columns and shell
 * completions are all derived from these descriptions.
 */

/** How a value is validated by the server and parsed by the CLI. */
export type ValueType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'number'
  /** accepted as given (string, number, array or object): cost, website, venue data */
  | 'any'
  /** a list given as an array or a comma-separated string */
  | 'list';

/** What a value means, beyond its type; drives date parsing, links and CSV handling. */
export type Semantic = 'date' | 'url' | 'email' | 'timezone' | 'status' | 'cost' | 'html' | 'slug' | 'name';

export type ResourceName = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

/** WordPress's post types of the post-like resources and taxonomies of the term-like ones. */
export type WpPostType = 'tribe_events' | 'tribe_venue' | 'tribe_organizer';
export type WpTaxonomy = 'tribe_events_cat' | 'post_tag';

/**
 * How the plugin's newer `tec/v1` namespace takes a field or list parameter, when it takes it (the
 * server derives its arguments from these; the kind of check follows from the spec's type and meaning).
 */
export interface TecFacet {
  /** its name there, when it differs (`state_province`, `tribe_events_cat`, `organizers`) */
  name?: string;
  /**
   * where the plugin lists it among the operation's arguments (1 is the first; the server's own list
   * of WordPress's post fields and the plugin's extra ones, src/server/tec/params.ts, fills the rest)
   */
  position: number;
  /** our words for it (the namespace index and /docs show them) */
  description: string;
  /** an example value for /docs, when not the usual one of its kind */
  example?: unknown;
  /** a JSON-schema format it advertises beyond the one its meaning gives (a phone number's `tel`) */
  format?: string;
}

/** A field accepted on create and update. */
export interface FieldSpec {
  name: string;
  type: ValueType;
  /** the JSON-schema type advertised in the namespace root and /doc; absent = untyped */
  schemaType?: 'string' | 'integer' | 'boolean' | 'number';
  /** advertised item type for list-like fields */
  itemsType?: 'integer';
  /** required on create */
  required?: boolean;
  /** default advertised by the interface (not applied by the CLI) */
  default?: unknown;
  description: string;
  semantic?: Semantic;
  /** the field links records of another resource, by id or name */
  link?: ResourceName;
  /** several values allowed (repeatable flag, comma list) */
  multiple?: boolean;
  /** column labels of this field: the site importer's first (exports write the first), then those of calendar apps' CSV (Google Calendar, Outlook: `Subject`, `Start`, `Location`) */
  csvLabels?: string[];
  /**
   * a date a site reads in its own zone (`site`: a post's publication date) or in UTC (`utc`), not in
   * the event's zone; absent: the event's zone, else the site's
   */
  dateZone?: 'site' | 'utc';
  /** how `tec/v1` takes it in a request body, if it does */
  tec?: TecFacet;
  /**
   * Human text the site stores and shows: `plain` comes back with references (`&#8217;`, `&amp;`)
   * that calctl decodes in its output and compares as the site shows them; `html` is markup, kept.
   */
  text?: 'plain' | 'html';
}

/** A query parameter of a list route. */
export interface ParamSpec {
  name: string;
  type: ValueType;
  schemaType?: 'string' | 'integer' | 'boolean' | 'number' | 'array';
  itemsType?: 'integer';
  format?: string;
  default?: unknown;
  description: string;
  semantic?: Semantic;
  link?: ResourceName;
  /** fixed set of accepted values (for completion and validation) */
  choices?: readonly string[];
  /** accepted by the route but only effective with a premium extension */
  premium?: boolean;
  /** how `tec/v1` takes it as a list filter, if it does */
  tec?: TecFacet;
}

export interface ResourceSpec {
  /** collection path segment and CLI command: events, venues … */
  name: ResourceName;
  /** one record in words: event, venue … */
  singular: string;
  kind: 'post' | 'term';
  /**
   * WordPress's post type (post-like) or taxonomy (term-like): the one map between the two names
   * (see postTypeOf, taxonomyOf and resourceOfWpType)
   */
  wpType: WpPostType | WpTaxonomy;
  /** WordPress core's REST base of the type: its routes are `/wp/v2/<coreBase>` (tags: `tags`) */
  coreBase: string;
  /** the field that holds the record's name */
  titleField: string;
  /** routes `/{name}/by-slug/{slug}` exist */
  bySlug: boolean;
  fields: readonly FieldSpec[];
  listParams: readonly ParamSpec[];
  /** extra parameters of single-record routes (events: password) */
  itemParams: readonly ParamSpec[];
  /** default table columns (dotted paths into the record) */
  tableColumns: readonly string[];
  /** every key of a returned record, in the server's order (for --fields completion and CSV export) */
  recordKeys: readonly string[];
  /** error codes of this resource */
  codes: {
    notAccessible?: string;
    inTrash?: string;
    pageNotFound?: string;
  };
}
