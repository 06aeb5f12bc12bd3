import { pageParams } from './shared.js';
import type { FieldSpec, ParamSpec, ResourceName, ResourceSpec, WpTaxonomy } from './types.js';

/** Fields and list parameters shared by categories and tags. */
function termFields(singular: string): FieldSpec[] {
  return [
    {
      name: 'name',
      type: 'string',
      schemaType: 'string',
      required: true,
      semantic: 'name',
      text: 'plain',
      description: `name of the ${singular}`,
    },
    {
      name: 'description',
      type: 'string',
      schemaType: 'string',
      text: 'html',
      description: `text about the ${singular}`,
    },
    {
      name: 'slug',
      type: 'string',
      schemaType: 'string',
      semantic: 'slug',
      description: `URL name of the ${singular}`,
    },
  ];
}

function termListParams(plural: string): ParamSpec[] {
  return [
    ...pageParams(plural),
    { name: 'search', type: 'string', schemaType: 'string', description: 'text contained in the name or slug' },
    { name: 'exclude', type: 'list', schemaType: 'array', itemsType: 'integer', description: 'leave out these IDs' },
    { name: 'include', type: 'list', schemaType: 'array', itemsType: 'integer', description: 'only these IDs' },
    {
      name: 'order',
      type: 'string',
      schemaType: 'string',
      choices: ['asc', 'desc'],
      description: 'sort direction (default asc)',
    },
    {
      name: 'orderby',
      type: 'string',
      schemaType: 'string',
      choices: ['name', 'id', 'slug', 'count', 'description', 'term_group', 'parent', 'include'],
      description: 'sort key (default name)',
    },
    {
      name: 'hide_empty',
      type: 'boolean',
      schemaType: 'boolean',
      default: '1',
      description: 'leave out terms used by no event (default true)',
    },
  ];
}

const TERM_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls'];

function termResource(
  name: ResourceName,
  singular: string,
  wpType: WpTaxonomy,
  hierarchical: boolean,
  csvLabels: string[],
): ResourceSpec {
  const fields = termFields(singular).map((f) => (f.name === 'name' ? { ...f, csvLabels } : f));
  if (hierarchical) {
    fields.push({
      name: 'parent',
      type: 'integer',
      schemaType: 'integer',
      link: name,
      description: `ID of the parent ${singular}`,
    });
  }
  const params = termListParams(name === 'categories' ? 'event categories' : 'event tags');
  if (hierarchical) {
    params.push({
      name: 'parent',
      type: 'integer',
      schemaType: 'integer',
      link: name,
      description: `children of this ${singular} ID`,
    });
  }
  params.push(
    { name: 'post', type: 'integer', schemaType: 'integer', link: 'events', description: 'terms of this event ID' },
    { name: 'event', type: 'integer', schemaType: 'integer', link: 'events', description: 'same as post' },
    { name: 'slug', type: 'string', schemaType: 'string', description: 'the term with this slug' },
  );
  return {
    name,
    singular,
    kind: 'term',
    wpType,
    coreBase: wpType === 'post_tag' ? 'tags' : wpType,
    titleField: 'name',
    bySlug: false,
    fields,
    listParams: params,
    itemParams: [],
    tableColumns: hierarchical ? ['id', 'name', 'slug', 'parent', 'count'] : ['id', 'name', 'slug', 'count'],
    recordKeys: hierarchical ? TERM_KEYS : TERM_KEYS.filter((k) => k !== 'parent'),
    codes: {},
  };
}

export const categories = termResource('categories', 'category', 'tribe_events_cat', true, [
  'Category Name',
  'Event Category',
]);
export const tags = termResource('tags', 'tag', 'post_tag', false, ['Tag Name', 'Event Tag']);
