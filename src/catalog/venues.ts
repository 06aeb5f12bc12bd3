import { POST_HEAD_KEYS, pageParams, postFields, STATUS_PARAM, statusField } from './shared.js';
import type { FieldSpec, ResourceSpec, TecFacet } from './types.js';

const text = (name: string, description: string, csvLabels: string[] = [], tec?: TecFacet): FieldSpec => ({
  name,
  type: 'string',
  schemaType: 'string',
  default: null,
  description,
  ...(csvLabels.length ? { csvLabels } : {}),
  ...(tec ? { tec } : {}),
});
/** A line of text the site shows as stored (address, city, phone …). */
const line = (name: string, description: string, csvLabels: string[] = [], tec?: TecFacet): FieldSpec => ({
  ...text(name, description, csvLabels, tec),
  text: 'plain',
});

/** The fields of a venue's address, as a place's parts fill them (an iCalendar LOCATION, a sheet's columns). */
export const VENUE_ADDRESS_FIELDS = ['address', 'city', 'stateprovince', 'zip', 'country'] as const;

export const venues: ResourceSpec = {
  name: 'venues',
  singular: 'venue',
  kind: 'post',
  wpType: 'tribe_venue',
  coreBase: 'tribe_venue',
  titleField: 'venue',
  bySlug: true,
  fields: [
    ...postFields('venue'),
    {
      name: 'venue',
      type: 'string',
      schemaType: 'string',
      required: true,
      semantic: 'name',
      text: 'plain',
      description: 'name of the venue',
      csvLabels: ['Venue Name'],
    },
    {
      ...text('description', 'text about the venue (HTML allowed)', ['Venue Description']),
      semantic: 'html',
      text: 'html',
    },
    statusField('venue'),
    text('show_map', 'events at this venue show a map ("true"/"false")'),
    text('show_map_link', 'events at this venue show a map link ("true"/"false")'),
    line('address', 'street address', ['Venue Address'], { position: 16, description: 'Street address.' }),
    line('city', 'city', ['Venue City'], { position: 18, description: 'City.' }),
    line('country', 'country', ['Venue Country'], { position: 17, description: 'Country.' }),
    line('province', 'province', ['Venue Province'], { position: 21, description: 'Province.' }),
    line('state', 'state', ['Venue State'], { position: 20, description: 'State.' }),
    line('zip', 'postal code', ['Venue Zip', 'Venue Postal Code'], { position: 22, description: 'Postal code.' }),
    line('phone', 'phone number', ['Venue Phone'], { position: 23, description: 'Phone number.' }),
    line('stateprovince', 'state or province, as one text', ['Venue State/Province', 'Venue State Province'], {
      name: 'state_province',
      position: 19,
      description: 'State or province as one text.',
    }),
    {
      ...line('website', 'web page of the venue', ['Venue Website', 'Venue URL'], {
        position: 24,
        description: 'Web page.',
        example: 'https://example.com',
      }),
      semantic: 'url',
    },
    text('image', 'featured image: a media ID or an image URL', ['Venue Featured Image']),
  ],
  listParams: [
    ...pageParams('venues'),
    {
      name: 'search',
      type: 'string',
      schemaType: 'string',
      description: 'words that must all occur in one field (name, description or address parts)',
      tec: { position: 3, description: 'Words to look for in the name and description.' },
    },
    {
      name: 'event',
      type: 'integer',
      schemaType: 'integer',
      link: 'events',
      description: 'the venue of this event ID',
      tec: { position: 4, description: 'Only the venues linked to this event id.', example: 126 },
    },
    {
      name: 'has_events',
      type: 'boolean',
      choices: ['true', 'false'],
      description: 'venues with (true) or without (false) published events',
      tec: { position: 5, description: 'Only venues linked to at least one event.' },
    },
    {
      name: 'only_with_upcoming',
      type: 'boolean',
      default: false,
      choices: ['true', 'false'],
      description: 'only venues with upcoming events',
      tec: { position: 6, description: 'Only venues with upcoming events.' },
    },
    STATUS_PARAM,
  ],
  itemParams: [],
  tableColumns: ['id', 'venue', 'city', 'country', 'status'],
  recordKeys: [
    ...POST_HEAD_KEYS,
    'venue',
    'description',
    'excerpt',
    'slug',
    'image',
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'website',
    'stateprovince',
    'show_map',
    'show_map_link',
    'global_id',
    'global_id_lineage',
  ],
  codes: {
    notAccessible: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    pageNotFound: 'venue-archive-page-not-found',
  },
};
