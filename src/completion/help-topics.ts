/**
 * `calctl help <topic>`: longer texts than fit in --help. A plain map so other modules (completions,
 * CSV) can add topics; each value is a function so texts are built only when shown.
 */
import { EXIT_CODE_TABLE } from '../errors/index.js';

/** One help topic: a one-line summary for the list and the full text. */
export interface HelpTopic {
  summary: string;
  text: () => string | Promise<string>;
}

function exitCodesText(): string {
  const rows = EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`);
  return `Exit codes of calctl:\n\n${rows.join('\n')}\n\nScripts can tell "not found" (5) from "auth" (4) from "network/server" (1).`;
}

async function datesText(): Promise<string> {
  const { DATE_FORMS_HELP } = await import('../dates/index.js');
  return `${DATE_FORMS_HELP}

Naive dates (without an offset) and relative forms are read in --timezone when given; else, on
update, in the event's own zone; else in the site's time zone: UTC for the built-in local calendar,
and for a remote site the zone its REST index announces (timezone_string or gmt_offset), since that
is the zone the site reads naive dates in. Dates with an offset are converted to that zone. On
events create/update, --timezone also sets the event's time zone; --date is read in the site's zone
and --date-utc in UTC, as the site reads them. Zones: IANA names (Europe/Paris), offsets (+05:30),
WordPress offsets (UTC+5.5). An unreadable date or zone is a usage error (exit 2).

Numeric dates: --date-format says in which order day, month and year are written, for every date
flag and every imported date column: d/m/Y (day first), m/d/Y (month first), Y-m-d; also d.m.Y,
j/n/Y, DD/MM/YYYY and the like (the order counts, not the separator). Without it a date only one
order can read is read so (13/12/2026 is 13 December), dots and dashes are day first (05.12.2026),
and a slash date both orders read (05/12/2026) is refused, naming both readings. An import decides
the order once for the whole file (see: calctl help csv).`;
}

async function formatsText(): Promise<string> {
  const { catalog } = await import('../catalog/index.js');
  const keys = catalog.map((r) => `  ${r.name.padEnd(11)} ${r.recordKeys.join(', ')}`);
  return `Output formats (-o, --output FORMAT; default: table on a terminal, json when piped, or the
profile's output):

  table    aligned columns that fit the terminal width; colour on a terminal (never with NO_COLOR)
  json     the records as the site sends them: one object (get/create/update) or one array (list)
  ndjson   one JSON object per line (streams; good for jq -c and large lists)
  csv      a header row and one row per record (nested values flattened to text)
  yaml     the same data as json, as YAML
  ids      one id per line (pipe into: calctl events delete - --yes)
  count    the number of records

--json is -o json. --field PATH prints one bare value per record (calctl events get 3 --field title).

Plain text (titles, names, addresses, phones, costs) is printed decoded in every format: Kids’ Club,
not the site's Kids&#8217; Club. Descriptions and excerpts stay HTML. --raw prints what the site sent.

--fields a,b,c keeps only these fields, in this order, for every format. Dotted paths reach into
nested values: venue.venue (the venue's name), organizer.0.organizer (a number picks one element
of a list: the first organizer), start_date_details.year, categories.slug (a path through a list
takes it from every element). Fields of each resource:

${keys.join('\n')}

Machine formats (json, ndjson, csv, yaml, ids, count) are never coloured. Errors go to stderr; with
-o json or ndjson (usage errors included) also as {"error":{"code","message","status"}}.`;
}

async function csvText(): Promise<string> {
  const { EXPORT_CONCURRENCY } = await import('../export/defaults.js');
  const { catalog } = await import('../catalog/index.js');
  const { IMPORT_CONCURRENCY } = await import('../import/index.js');
  const { columnTargets } = await import('../import/engine.js');
  const targets = catalog.map((r) => `  ${r.name.padEnd(11)} ${columnTargets(r).join(', ')}`);
  return `calctl import RESOURCE FILE|-   and   calctl export RESOURCE [filters] [--file PATH]

Input: CSV (default), an Excel workbook (.xlsx), NDJSON or a JSON array, from the extension or
--format csv|xlsx|ndjson|json; - reads stdin. --delimiter sets the CSV separator (";" from some Excel
locales, "tab"; .tsv uses tab). --sheet NAME|N picks a workbook's sheet (default: the first with
columns of the resource).

Columns: a column is recognised by our field name or by the label the site's own CSV importer uses
("Event Name", "Event Start Date", "Venue Name" …) or by calendar apps' headers ("Subject", "Start
Date", "Location" …), then by everyday words in six languages ("Date" is the day, "Time", "Where",
"Price", "Datum", "Beginn", "Ort", "Début", "Lieu" …), in any order, ignoring case, accents, spaces and
punctuation; a note says how they were read. "Date" is never the publication date ("Publish date" is).
Unknown columns are warned about once and ignored (--strict makes them an error). Two columns that
feed the same field are an error. Columns an import understands, per resource:

${targets.join('\n')}

  id: matches the record with that id. Events also take start_time/end_time (joined to the dates),
  day (times alone fall on it), duration (end = start + it), venue_address/venue_city/venue_zip/
  venue_country (the venue is created with them) and currency_symbol/currency_position (folded into
  cost); venues take address2. Times alone ("21:00"), ranges ("19:30-21:00") and an end past midnight
  are understood; --default-duration 2h gives events with no end a length.
  A cost the site would show otherwise ("£2 per head" → "£ per head2") is warned; --on-lossy
  describe|number|reject chooses otherwise.

Dates: numeric dates are read in one order for the whole file: --date-format d/m/Y (or m/d/Y …)
says it; else the first slash date only one order reads decides (13/12/2026: day first, with a
note), and a file whose every slash date both orders read follows the site's date format (else the
profile's, else month first, as the site's importer reads them), with a note saying which decided.
Dots and dashes are day first.

Blank rows (";;;;" at the end of a spreadsheet, ",,,,") are skipped and counted ("blank" in the
summary), never rejected.

--map 'Column Name=field' maps a column (repeatable; 'Notes=' ignores a column without a warning);
--map-file FILE.json gives the same as {"Column Name": "field"}. --map wins over --map-file, which
wins over the names above.

Matching (re-running an import changes nothing): a row is matched to an existing record by id, then
slug, then name (title + start date for events); --match-by a,b matches by those fields instead.
Text is compared as the site shows it: Kids' Club is the site's Kids&#8217; Club. A
row equal to its record is "unchanged"; a different one is updated, or with --on-conflict skip left
alone, or with --on-conflict fail rejected. Venues and organizers are linked by id or name,
categories and tags by id, slug or name; a name not found is created (once).

Rejected rows: the run goes on (--fail-fast stops at the first); --rejects FILE writes them with an
"error" column, ready to fix and import again. Exit 3 when rows were rejected, 130 when interrupted:
--resume continues from FILE.calctl-checkpoint.json without creating anything twice. --dry-run
validates and matches everything and reports what would change, writing nothing.

Export writes CSV with our field names (--columns site: the importer's labels), or -o ndjson|json;
its default columns import again unchanged, so export → import → export gives the same file.

--concurrency N: requests in flight (import: writes, default ${IMPORT_CONCURRENCY}; export: pages asked for while one is
written, default ${EXPORT_CONCURRENCY}). Lower it to spare a busy site; raise it for a slow one far away.`;
}

function authText(): string {
  return `Writing (and reading drafts or private records) needs a WordPress user. calctl sends basic auth
with an APPLICATION PASSWORD (WordPress 5.6+), never your login password:

  1. In wp-admin open Users → Profile (or edit another user) → "Application Passwords".
  2. Enter a name such as "calctl" and press "Add New Application Password".
  3. Copy the password shown (four-letter groups with spaces; the spaces do not matter).

Store it in a profile (the password is kept in secrets.json, mode 0600, never printed):

  calctl profile add prod            (on a terminal: asks for URL, user and the password, hidden)
  printf %s "$APP_PASSWORD" | calctl profile add prod --url https://example.org --user admin --password-stdin

or give it per run: CALCTL_URL, CALCTL_USER and CALCTL_PASSWORD (or WP_URL, WP_USERNAME,
WP_APP_PASSWORD), or --user NAME --password-stdin. Sites with a JWT plugin take a bearer token from
CALCTL_TOKEN or a profile (profile add … --token-stdin); --token TOKEN works too but warns on every
run, since a flag value shows in the process list. Passwords are never accepted as a flag value, so
they stay out of the shell history and the process list.

calctl profile test checks reachability, the namespace and the credentials (exit 4 when they are
wrong). Application passwords need HTTPS unless the site allows them otherwise; revoke one in the
same screen to lock calctl out. The built-in local calendar needs no credentials.

A site whose certificate comes from a private CA (a staging site): trust the CA, never skip the
check, with --ca-file ca.pem for one command, profile add … --ca-file ca.pem to keep it in the
profile, or NODE_EXTRA_CA_CERTS=ca.pem. --insecure turns certificate checks off and warns every run.`;
}

/** Every topic by name. Add entries here (or from another module at start-up). */
export const HELP_TOPICS: Record<string, HelpTopic> = {
  'exit-codes': { summary: 'what each exit code means', text: exitCodesText },
  profiles: {
    summary: 'which site and credentials a command uses',
    text: async () => (await import('../config/resolve.js')).PROFILE_RULES,
  },
  dates: { summary: 'date forms accepted by every date flag', text: datesText },
  formats: { summary: 'output formats and --fields paths', text: formatsText },
  csv: { summary: 'import and export: columns, matching, --map', text: csvText },
  auth: { summary: 'application passwords and other credentials', text: authText },
  output: {
    summary: 'output formats, --fields, --dry-run',
    text: () => `Output goes to stdout; notes, warnings and errors to stderr.

  -o, --output FORMAT   table | json | ndjson | csv | yaml | ids | count
                        default: table on a terminal, json when piped (or the profile's output)
  --json                same as -o json
  --fields a,b,venue.venue   keep only these (dotted) fields
  --field x             print one bare value per record
  --porcelain           (create) print only the new id

"list -o json" prints one JSON array, even with --all; get/create/update print one object.
With -o json, an error is also written to stderr as {"error":{"code","message","status"}}.

--dry-run (any write) prints the request it would send as JSON on stdout
({"method","url","body"}) and sends nothing; reads needed to build it (update reads the
record) still happen. --verbose or CALCTL_DEBUG=api logs each request on stderr, without
credentials.`,
  },
};
