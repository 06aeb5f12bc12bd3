/**
 * Runnable examples for every command's --help and the man page, keyed by command path. They refer
 * to the records EXAMPLE_SEED creates in a fresh local calendar (ids below), so a test can run each
 * one in a temp HOME and expect exit 0; `skip` marks the few that need a terminal or a real site.
 */
import { catalog } from '../catalog/index.js';
import { type Example, NEEDS_SITE, NEEDS_TTY, resourceExamples } from './examples-resources.js';

export { EXAMPLE_IDS, EXAMPLE_SEED, type Example } from './examples-resources.js';

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
    {
      cmd: 'calctl import events events.csv --quiet',
      about: 'for cron: prints nothing unless rows are rejected or the import fails',
    },
  ],
  export: [
    { cmd: 'calctl export events > events-copy.csv', about: 'every event as CSV' },
    { cmd: 'calctl export venues -o json --file venues.json', about: 'venues as a JSON array in a file' },
    { cmd: 'calctl export events --file backup.csv --quiet', about: 'for cron: no "exported" line on stderr' },
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
      cmd: 'calctl @prod sync pull --quiet',
      about: 'for cron: prints nothing unless it fails or finds conflicts',
      skip: NEEDS_SITE,
    },
    {
      cmd: 'calctl @prod sync pull --data-dir ~/copies/prod',
      about: 'keep the copy in a directory of yours',
      skip: NEEDS_SITE,
    },
  ],
  'sync push': [
    { cmd: 'calctl @prod sync push --dry-run', about: 'the writes a push would send', skip: NEEDS_SITE },
    {
      cmd: 'calctl @prod sync push --dry-run -o json',
      about: 'the same as JSON: each write, then their counts',
      skip: NEEDS_SITE,
    },
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
  migrate: [
    {
      cmd: 'calctl migrate @old @new --dry-run',
      about: 'the plan: per resource, how many records are created, updated, adopted or unchanged',
      skip: NEEDS_SITE,
    },
    {
      cmd: 'calctl migrate @prod local --status any --yes',
      about: 'rehearse on the built-in calendar: every event, drafts and private ones too',
      skip: NEEDS_SITE,
    },
    {
      cmd: 'calctl migrate local @prod --quiet -o json',
      about: 'then move it to the site (again: only what changed); the summary as JSON',
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
  'feeds cron': [
    { cmd: 'calctl feeds cron --every 15m', about: 'the crontab line that runs every feed each quarter hour' },
    {
      cmd: '(crontab -l 2>/dev/null; calctl @prod feeds cron) | crontab -',
      about: "add the line for the site's feeds to your crontab",
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
  history: [
    { cmd: 'calctl history', about: 'the runs that wrote to this profile, newest first' },
    { cmd: 'calctl history -o json --limit 5', about: 'the last five as JSON' },
  ],
  'history show': [
    { cmd: 'calctl events delete 4 --yes && calctl history show 1', about: 'a run and every record it wrote' },
    {
      cmd: 'calctl history show 1 -o json',
      about: 'the same as JSON, with each record before',
    },
  ],
  undo: [
    { cmd: 'calctl events delete 4 --yes && calctl undo --dry-run', about: 'what undoing the last run would do' },
    { cmd: 'calctl undo --yes', about: 'take the last run back without a question' },
    {
      cmd: 'calctl undo 2 --yes',
      about: 'an undo is a run too: undo it to take the undo back',
    },
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
