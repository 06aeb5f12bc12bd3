/**
 * Runnable examples for every command's --help and the man page, keyed by command path. They refer
 * to the records EXAMPLE_SEED creates in a fresh local calendar (ids below), so a test can run each
 * one in a temp HOME and expect exit 0; `skip` marks the few that need a terminal or a real site.
 */
import { aResource, catalog, type ResourceSpec } from '../catalog/index.js';

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

const NEEDS_SITE = 'needs a real WordPress site';
const NEEDS_TTY = 'prompts on a terminal';

function resourceExamples(r: ResourceSpec): Record<string, Example[]> {
  const { main, spare } = EXAMPLE_IDS[r.name];
  const t = r.titleField;
  const isEvent = r.name === 'events';
  const createFlags = isEvent
    ? `--title "Team Meeting" --start-date "tomorrow 10:00" --end-date "tomorrow 11:00" --venue 1`
    : `--${t} "New ${r.singular}"`;
  const jsonBody = isEvent
    ? `'{"title":"From JSON","start_date":"2030-05-01 10:00","end_date":"2030-05-01 11:00"}'`
    : `'{"${t}":"From JSON"}'`;
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
    [`${r.name} delete`]: [
      { cmd: `calctl ${r.name} delete ${spare} --dry-run`, about: 'show the request without sending it' },
      { cmd: `calctl ${r.name} delete ${spare} --yes`, about: 'delete without asking' },
      {
        cmd: `calctl ${r.name} list --search nothing-matches --field id | calctl ${r.name} delete - --yes`,
        about: 'delete the ids read from stdin',
      },
    ],
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

/** Every example, keyed by command path ('' = calctl itself, 'events list', 'import events'). */
export const EXAMPLES: Record<string, Example[]> = {
  '': [
    { cmd: 'calctl events list', about: 'upcoming events of the built-in local calendar' },
    { cmd: 'calctl @demo events get 12 -o json', about: 'one event of the site in profile "demo"', skip: NEEDS_SITE },
    { cmd: 'calctl help formats', about: 'output formats and --fields' },
  ],
  ...Object.assign({}, ...catalog.map(resourceExamples)),
  import: [
    { cmd: 'calctl import events events.csv', about: 'create or update events from a CSV file' },
    {
      cmd: "calctl import venues venues.csv --map 'slug=' --strict",
      about: 'ignore the slug column; any other unknown column fails',
    },
  ],
  export: [
    { cmd: 'calctl export events > events-copy.csv', about: 'every event as CSV' },
    { cmd: 'calctl export venues -o json --file venues.json', about: 'venues as a JSON array in a file' },
  ],
  agenda: [
    { cmd: 'calctl agenda', about: 'the next seven days, a heading per day' },
    { cmd: 'calctl agenda --days 30 --categories music', about: 'a month of music events' },
    { cmd: 'calctl agenda --venue "Town Hall" -o ndjson', about: 'the records, one JSON object a line' },
  ],
  calendar: [
    { cmd: 'calctl calendar', about: 'this month as a grid with the events of each day' },
    { cmd: 'calctl calendar --week --week-start sunday', about: 'this week in seven columns, from Sunday' },
    { cmd: 'calctl calendar --month "next month" --venue 1', about: "next month's events at venue 1" },
  ],
  add: [
    { cmd: 'calctl add "Jazz night next friday 8pm-11pm at Town Hall #music" --yes', about: 'one sentence, one event' },
    { cmd: 'calctl add "Team lunch tomorrow 12:30 for 90m" --dry-run', about: 'show what would be sent' },
    { cmd: 'calctl add "Open day dec 5 all day"', about: 'shows what it understood and asks', skip: NEEDS_TTY },
  ],
  sync: [
    { cmd: 'calctl @prod sync', about: 'pull what changed on the site, then push the offline work', skip: NEEDS_SITE },
    {
      cmd: 'calctl @prod sync --on-conflict site -o json',
      about: 'the site wins every conflict; the summary as JSON',
      skip: NEEDS_SITE,
    },
  ],
  'sync pull': [
    { cmd: 'calctl @prod sync pull', about: "make or refresh the profile's working copy", skip: NEEDS_SITE },
    {
      cmd: 'calctl @prod sync pull --data-dir ~/copies/prod',
      about: 'keep the copy in a directory of yours',
      skip: NEEDS_SITE,
    },
  ],
  'sync push': [
    { cmd: 'calctl @prod sync push --dry-run', about: 'the writes a push would send', skip: NEEDS_SITE },
    { cmd: 'calctl @prod sync push', about: 'send the offline work, exactly once', skip: NEEDS_SITE },
  ],
  'sync status': [
    { cmd: 'calctl @prod sync status', about: 'how many changes on each side, and the conflicts', skip: NEEDS_SITE },
    { cmd: 'calctl @prod sync status -v', about: 'every changed record', skip: NEEDS_SITE },
  ],
  'sync resolve': [
    {
      cmd: 'calctl @prod sync resolve 42 --take site',
      about: "keep the site's version of record 42",
      skip: NEEDS_SITE,
    },
    {
      cmd: 'calctl @prod sync resolve 7 --take local --resource venues',
      about: "keep the copy's venue 7 (pushed next)",
      skip: NEEDS_SITE,
    },
  ],
  feeds: [
    {
      cmd: 'calctl export events -o ics --file team.ics && calctl feeds add team team.ics && calctl feeds run',
      about: 'follow an .ics file (here the calendar exported), then bring its events in',
    },
    { cmd: 'calctl feeds list', about: 'the feeds of the site, their events and last run' },
  ],
  'feeds add': [
    {
      cmd: 'calctl feeds add team https://calendar.google.com/calendar/ical/team%40example.org/public/basic.ics --category music',
      about: "a Google Calendar's address; every event also in category music",
    },
    {
      cmd: 'calctl feeds add club webcal://cloud.example.org/club.ics --authority overwrite --on-removed keep --until +6mo',
      about: 'the source wins every change; removed events stay; six months ahead',
    },
    {
      cmd: 'calctl @prod feeds add neighbours @other --tag neighbours',
      about: 'another site, by its profile',
      skip: NEEDS_SITE,
    },
  ],
  'feeds list': [
    { cmd: 'calctl feeds list', about: 'a table of the feeds' },
    { cmd: 'calctl feeds list -o json', about: 'as JSON' },
  ],
  'feeds show': [
    {
      cmd: 'calctl export events -o ics --file team.ics && calctl feeds add team team.ics && calctl feeds show team',
      about: 'settings, the events the admin trashed, the last runs',
    },
    { cmd: 'calctl feeds show team -o json', about: 'as JSON' },
  ],
  'feeds remove': [
    {
      cmd: 'calctl export events -o ics --file old.ics && calctl feeds add old old.ics && calctl feeds remove old',
      about: 'stop following a feed; its events stay on the site',
    },
    {
      cmd: 'calctl @prod feeds remove team --trash-events --yes',
      about: 'and move its events to the trash',
      skip: NEEDS_SITE,
    },
  ],
  'feeds run': [
    {
      cmd: 'calctl export events -o ics --file team.ics && calctl feeds add team team.ics && calctl feeds run --quiet',
      about: 'every feed; prints nothing when all went well (for cron)',
    },
    { cmd: 'calctl feeds run team -o json', about: 'one feed, its summary as JSON' },
    {
      cmd: 'calctl @prod feeds run --quiet --wait 60',
      about: "cron: the site's feeds, waiting up to a minute for a run still going",
      skip: NEEDS_SITE,
    },
  ],
  api: [
    { cmd: 'calctl api GET /events -f per_page=5', about: 'a raw request with a query parameter' },
    { cmd: "calctl api POST /venues -f venue='Side Stage' -f city=Hamburg", about: 'create a venue from fields' },
    { cmd: 'calctl api GET /categories --paginate', about: 'every page of a list as one JSON array' },
  ],
  info: [
    { cmd: 'calctl info', about: 'routes and parameters of the namespace' },
    { cmd: 'calctl info -o json > routes.json', about: 'the raw namespace root' },
  ],
  doc: [
    { cmd: 'calctl doc > openapi.json', about: 'save the OpenAPI document' },
    { cmd: "calctl doc | jq '.paths | keys'", about: 'list the paths it describes', needs: 'jq' },
  ],
  serve: [
    { cmd: 'calctl serve', about: 'serve the local calendar on http://127.0.0.1:8080', skip: 'runs until Ctrl-C' },
    {
      cmd: 'calctl serve --port 0 --data-dir ./calendar --permalinks plain --timezone America/New_York --per-page 5',
      about: 'a separate calendar playing a plain-permalink site west of UTC (REST only at /index.php?rest_route=/)',
      skip: 'runs until Ctrl-C',
    },
    {
      cmd: 'calctl serve --port 0 --base-path /blog --locale fr_FR',
      about: 'play WordPress installed in /blog, its parameters described in French',
      skip: 'runs until Ctrl-C',
    },
  ],
  'serve users': [
    { cmd: 'calctl serve users list', about: 'the users of the local calendar, with their roles' },
    {
      cmd: 'calctl serve --data-dir ./calendar users add importer --role contributor',
      about: 'a user of another data dir; its application password goes to importer.app-password',
    },
  ],
  'serve users add': [
    {
      cmd: 'calctl serve users add importer --role contributor --password-file importer.pass',
      about: 'a user whose events wait for review, its application password in a file only you can read',
    },
    {
      cmd: 'calctl serve users add editor1 --role editor --email editor1@example.org',
      about: 'an editor, with its e-mail address',
    },
  ],
  'serve users list': [
    { cmd: 'calctl serve users list', about: 'one JSON object a line: id, username, email, roles' },
    { cmd: "calctl serve users list | jq -r '.username'", about: 'the user names only', needs: 'jq' },
  ],
  'serve users remove': [
    {
      cmd: 'calctl serve users add temp --role author && calctl serve users remove temp',
      about: 'remove a user; its events go to the administrator',
    },
    {
      cmd: 'calctl serve users add leaver --role author && calctl serve users remove leaver --reassign 1',
      about: 'remove a user, giving its events to user 1',
    },
  ],
  profile: [
    { cmd: 'calctl profile list', about: 'the stored profiles' },
    { cmd: 'calctl profile show demo', about: 'one profile, secrets masked' },
  ],
  'profile add': [
    {
      cmd: 'calctl profile add prod',
      about: 'asks for URL, user and application password, then tests',
      skip: NEEDS_TTY,
    },
    {
      cmd: 'printf %s "$APP_PASSWORD" | calctl profile add prod --url https://example.org --user admin --password-stdin --no-test',
      about: 'non-interactive (scripts, CI); --no-test skips the connection check',
    },
    {
      cmd: 'calctl profile add prod --url https://example.org --user admin --password-stdin --default < password.txt',
      about: 'make it the default and test it',
      skip: NEEDS_SITE,
    },
  ],
  'profile list': [
    { cmd: 'calctl profile list', about: 'a table of the profiles' },
    { cmd: 'calctl profile list -o json', about: 'as JSON' },
  ],
  'profile show': [
    { cmd: 'calctl profile show', about: 'the profile in use (local when none is set)' },
    { cmd: 'calctl profile show demo -o json', about: 'one profile as JSON' },
  ],
  'profile use': [
    { cmd: 'calctl profile use demo', about: 'make "demo" the default' },
    { cmd: 'calctl profile use local', about: 'back to the built-in local calendar' },
  ],
  'profile remove': [
    { cmd: 'calctl profile remove demo', about: 'remove a profile and its secrets' },
    { cmd: 'calctl profile list', about: 'check what is left' },
  ],
  'profile test': [
    { cmd: 'calctl profile test', about: 'test the profile in use' },
    { cmd: 'calctl profile test demo', about: 'test a stored profile', skip: NEEDS_SITE },
    { cmd: 'calctl profile test -o json', about: 'the checks as JSON' },
  ],
  help: [
    { cmd: 'calctl help exit-codes', about: 'what each exit code means' },
    { cmd: 'calctl help events list', about: 'the same as calctl events list --help' },
    { cmd: 'calctl help csv', about: 'CSV columns, matching and --map' },
  ],
  completion: [
    { cmd: 'source <(calctl completion bash)', about: 'bash: for this shell (add it to ~/.bashrc)' },
    {
      cmd: 'mkdir -p ~/.config/fish/completions && calctl completion fish > ~/.config/fish/completions/calctl.fish',
      about: 'fish: install for your user',
    },
    {
      cmd: 'mkdir -p ~/.zfunc && calctl completion zsh > ~/.zfunc/_calctl',
      about: 'zsh: install (with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc)',
    },
  ],
};

/** The examples as help text (`Examples:` with a comment line above each command). */
export function examplesText(examples: readonly Example[]): string {
  const lines = examples.flatMap((e) => [`  # ${e.about}`, `  $ ${e.cmd}`]);
  return `\nExamples:\n${lines.join('\n')}`;
}
