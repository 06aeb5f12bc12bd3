import type { FieldSpec, ParamSpec } from './types.js';

/** Post statuses a site knows; `any` is only meaningful in list filters. */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;

/** Fields every post-like resource (event, venue, organizer) accepts. */
export function postFields(singular: string): FieldSpec[] {
  return [
    { name: 'author', type: 'integer', schemaType: 'integer', description: `ID of the user who owns the ${singular}` },
    {
      name: 'date',
      type: 'string',
      schemaType: 'string',
      semantic: 'date',
      dateZone: 'site',
      description: `when the ${singular} is published (site time)`,
    },
    {
      name: 'date_utc',
      type: 'string',
      schemaType: 'string',
      semantic: 'date',
      dateZone: 'utc',
      description: `when the ${singular} is published (UTC)`,
    },
  ];
}

export function statusField(singular: string): FieldSpec {
  return {
    name: 'status',
    type: 'string',
    schemaType: 'string',
    semantic: 'status',
    description: `publication status of the ${singular} (publish, draft, pending, private, future)`,
  };
}

export function pageParams(plural: string): ParamSpec[] {
  return [
    { name: 'page', type: 'integer', schemaType: 'integer', default: 1, description: 'page of results to return' },
    {
      name: 'per_page',
      type: 'integer',
      schemaType: 'integer',
      default: '10',
      description: `${plural} per page (the site caps it at 50)`,
    },
  ];
}

export const STATUS_PARAM: ParamSpec = {
  name: 'status',
  type: 'list',
  format: 'string',
  semantic: 'status',
  choices: ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any'],
  description:
    'only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish)',
};

/** Keys of a post-like record that every resource shares, in the server's order. */
export const POST_HEAD_KEYS = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
] as const;
