/**
 * What the examples stand on: the records EXAMPLE_SEED creates in a fresh local calendar (their ids
 * below), and the examples every resource's commands get from the catalog (list, get, create, update,
 * delete, restore, copy and their import/export).
 */
import { aResource, type ResourceSpec } from '../catalog/index.js';

/** One example of a help page. */
export interface Example {
  /** the command line, as typed in bash */
  cmd: string;
  /** what it does, shown above it */
  about: string;
  /** why the example test cannot run it (needs a TTY, a real site, runs forever …) */
  skip?: string;
  /** a program it pipes into that may be missing (the test skips it then) */
  needs?: string;
}

/**
 * Commands that create, in a fresh local calendar, the records the examples use: venue 1,
 * organizer 2, event 3 (Reference Concert), event 4, venue 5, organizer 6; category 1 (music),
 * tag 2 (jazz), category 3, tag 4; and a profile "demo" (not the default).
 */
export const EXAMPLE_SEED: ReadonlyArray<{ args: string[]; input?: string }> = [
  { args: ['venues', 'create', '--venue', 'Town Hall', '--city', 'Berlin'] },
  { args: ['organizers', 'create', '--organizer', 'Jazz Club'] },
  { args: ['categories', 'create', '--name', 'Music'] },
  { args: ['tags', 'create', '--name', 'Jazz'] },
  {
    args: ['events', 'create', '--title', 'Reference Concert', '--start-date', '+3d 19:00', '--end-date', '+3d 21:00'],
  },
  { args: ['events', 'update', '3', '--venue', '1', '--organizer', '2', '--categories', 'music', '--tags', 'jazz'] },
  { args: ['events', 'create', '--title', 'Spare Event', '--start-date', '+5d 10:00', '--end-date', '+5d 11:00'] },
  { args: ['venues', 'create', '--venue', 'Spare Venue'] },
  { args: ['organizers', 'create', '--organizer', 'Spare Organizer'] },
  { args: ['categories', 'create', '--name', 'Spare'] },
  { args: ['tags', 'create', '--name', 'Spare'] },
  {
    args: [
      'profile',
      'add',
      'demo',
      '--url',
      'https://example.org',
      '--user',
      'admin',
      '--password-stdin',
      '--no-test',
    ],
    input: 'abcd efgh ijkl mnop',
  },
];

/** Ids EXAMPLE_SEED gives each resource: the main record and a spare one to delete. */
export const EXAMPLE_IDS: Record<ResourceSpec['name'], { main: number; spare: number }> = {
  venues: { main: 1, spare: 5 },
  organizers: { main: 2, spare: 6 },
  events: { main: 3, spare: 4 },
  categories: { main: 1, spare: 3 },
  tags: { main: 2, spare: 4 },
};

export const NEEDS_SITE = 'needs a real WordPress site';
export const NEEDS_TTY = 'prompts on a terminal';

/** Examples: the resource itself, list and get. */
function readExamples(r: ResourceSpec): Record<string, Example[]> {
  const { main } = EXAMPLE_IDS[r.name];
  const t = r.titleField;
  const isEvent = r.name === 'events';
  return {
    [r.name]: [
      { cmd: `calctl ${r.name} list`, about: `list ${r.name} (a table on a terminal, JSON when piped)` },
      { cmd: `calctl ${r.name} get ${main} -o yaml`, about: `show one ${r.singular} as YAML` },
    ],
    [`${r.name} list`]: [
      isEvent
        ? {
            cmd: `calctl events list --venue 1 --start-date "next monday" -o json | jq '.[].title'`,
            about: 'titles of the events at venue 1 from next Monday on',
            needs: 'jq',
          }
        : { cmd: `calctl ${r.name} list --search spare --fields id,${t} -o csv`, about: 'search, two columns as CSV' },
      {
        cmd: `calctl ${r.name} list --all --fields id,${t} -o ndjson > ${r.name}.ndjson`,
        about: `every ${r.singular} (all pages), one JSON object per line`,
      },
      { cmd: `calctl ${r.name} list --per-page 5 -o count`, about: 'how many are on the first page of five' },
    ],
    [`${r.name} get`]: [
      { cmd: `calctl ${r.name} get ${main}`, about: `show ${r.singular} ${main}` },
      { cmd: `calctl ${r.name} get ${main} -o json --fields id,${t},slug`, about: 'only a few fields, as JSON' },
      r.bySlug
        ? { cmd: `calctl ${r.name} get --slug spare-${r.singular}`, about: 'find it by its slug' }
        : { cmd: `calctl ${r.name} get ${main} --field slug`, about: 'print one bare value' },
    ],
  };
}

/** Examples: create, update and (events) copy. */
function writeExamples(r: ResourceSpec): Record<string, Example[]> {
  const { main } = EXAMPLE_IDS[r.name];
  const t = r.titleField;
  const isEvent = r.name === 'events';
  const createFlags = isEvent
    ? `--title "Team Meeting" --start-date "tomorrow 10:00" --end-date "tomorrow 11:00" --venue 1`
    : `--${t} "New ${r.singular}"`;
  const jsonBody = isEvent
    ? `'{"title":"From JSON","start_date":"2030-05-01 10:00","end_date":"2030-05-01 11:00"}'`
    : `'{"${t}":"From JSON"}'`;
  return {
    [`${r.name} create`]: [
      { cmd: `calctl ${r.name} create ${createFlags}`, about: `create ${aResource(r)} from flags` },
      {
        cmd: `echo ${jsonBody} | calctl ${r.name} create --data - --porcelain`,
        about: 'create from JSON on stdin and print only the new id',
      },
      { cmd: `calctl ${r.name} create ${createFlags} --dry-run`, about: 'show the request without sending it' },
    ],
    [`${r.name} update`]: [
      {
        cmd: `calctl ${r.name} update ${main} --${t} "Renamed ${r.singular}"`,
        about: 'change one field; the others are kept',
      },
      {
        cmd: isEvent
          ? `calctl events update ${main} --start-date "+1w 20:00" --end-date "+1w 22:00" --dry-run`
          : `calctl ${r.name} update ${main} --description "Updated" --dry-run`,
        about: 'show the request without sending it',
      },
      {
        cmd: `calctl ${r.name} get ${main} -o json --fields ${t} | calctl ${r.name} update ${main} --data -`,
        about: 'JSON on stdin (here: a field read back from get)',
      },
    ],
    ...(isEvent
      ? {
          'events copy': [
            {
              cmd: `calctl events copy ${main} --start-date "+1w 20:00"`,
              about: 'the same event a week later (the end moves with the start)',
            },
            {
              cmd: `calctl events copy ${main} --title "Encore" --duration 90m --dry-run`,
              about: 'show the request of a renamed copy without sending it',
            },
          ],
        }
      : {}),
  };
}

/** Examples: restore (posts), duplicates and merge (venues, organizers), delete. */
function removeExamples(r: ResourceSpec): Record<string, Example[]> {
  const { main, spare } = EXAMPLE_IDS[r.name];
  return {
    ...(r.kind === 'post'
      ? {
          [`${r.name} restore`]: [
            {
              cmd: `calctl ${r.name} delete ${spare} --yes && calctl ${r.name} restore ${spare}`,
              about: 'trash a record, then take it out again (its slug comes back)',
            },
            {
              cmd: `calctl ${r.name} delete ${spare} --yes && calctl ${r.name} restore ${spare} --status draft`,
              about: 'take it out of the trash as a draft',
            },
          ],
        }
      : {}),
    ...(r.name === 'venues' || r.name === 'organizers'
      ? {
          [`${r.name} duplicates`]: [
            { cmd: `calctl ${r.name} duplicates`, about: 'the groups of likely duplicates, with their events' },
            {
              cmd: `calctl ${r.name} duplicates -o json | jq '.[].${r.name}[].id'`,
              about: 'the ids of every likely duplicate',
              needs: 'jq',
            },
          ],
          [`${r.name} merge`]: [
            {
              cmd: `calctl ${r.name} merge ${main} ${spare} --fill --dry-run`,
              about: `the plan: the events moved to ${r.singular} ${main}, the fields filled, the duplicate trashed`,
            },
            { cmd: `calctl ${r.name} merge ${main} ${spare} --yes`, about: 'merge without asking' },
          ],
        }
      : {}),
    [`${r.name} delete`]: [
      { cmd: `calctl ${r.name} delete ${spare} --dry-run`, about: 'show the request without sending it' },
      { cmd: `calctl ${r.name} delete ${spare} --yes`, about: 'delete without asking' },
      {
        cmd: `calctl ${r.name} list --search nothing-matches --field id | calctl ${r.name} delete - --yes`,
        about: 'delete the ids read from stdin',
      },
    ],
  };
}

/** Examples: import and export. */
function transferExamples(r: ResourceSpec): Record<string, Example[]> {
  const isEvent = r.name === 'events';
  return {
    [`import ${r.name}`]: [
      { cmd: `calctl import ${r.name} ${r.name}.csv --dry-run`, about: 'check a file: what would change' },
      {
        cmd: `calctl import ${r.name} ${r.name}.csv --rejects rejected.csv`,
        about: 'create or update; rejected rows go to rejected.csv',
      },
      isEvent
        ? {
            cmd: 'calctl export events -o ics | calctl import events - --format ics --until +6mo',
            about: 'iCalendar from stdin; recurring events up to six months ahead',
          }
        : {
            cmd: `calctl export ${r.name} | calctl import ${r.name} - --on-conflict skip`,
            about: 'CSV from stdin; leave existing records that differ alone',
          },
    ],
    [`export ${r.name}`]: [
      { cmd: `calctl export ${r.name} > ${r.name}-copy.csv`, about: 'every record as CSV' },
      { cmd: `calctl export ${r.name} -o ndjson --file ${r.name}.ndjson`, about: 'NDJSON into a file' },
      isEvent
        ? { cmd: 'calctl export events -o ics --file events.ics', about: 'an iCalendar file for other calendars' }
        : { cmd: `calctl export ${r.name} --columns site`, about: "CSV with the site importer's column names" },
    ],
  };
}

export function resourceExamples(r: ResourceSpec): Record<string, Example[]> {
  return { ...readExamples(r), ...writeExamples(r), ...removeExamples(r), ...transferExamples(r) };
}
