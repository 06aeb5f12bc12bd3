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
  /** labels used by the site's own CSV importer for this field */
  csvLabels?: string[];
  /**
   * a date a site reads in its own zone (`site`: a post's publication date) or in UTC (`utc`), not in
   * the event's zone; absent: the event's zone, else the site's
   */
  dateZone?: 'site' | 'utc';
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
}

export interface ResourceSpec {
  /** collection path segment and CLI command: events, venues … */
  name: ResourceName;
  /** one record in words: event, venue … */
  singular: string;
  kind: 'post' | 'term';
  /** WordPress post type or taxonomy */
  wpType: string;
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
