/**
 * `calctl help <topic>`: longer texts than fit in --help. A plain map so other modules (completions,
 * CSV) can add topics; each value is a function so texts are built only when shown.
 */
import { EXIT_CODE_TABLE } from './errors.js';

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
update, in the event's own zone; else in UTC for the built-in local calendar (its site zone) and in
the system zone (TZ) for a remote site. On events create/update, --timezone also sets the event's
time zone. An unreadable date is a usage error (exit 2).`;
}

/** Every topic by name. Add entries here (or from another module at start-up). */
export const HELP_TOPICS: Record<string, HelpTopic> = {
  'exit-codes': { summary: 'what each exit code means', text: exitCodesText },
  profiles: {
    summary: 'which site and credentials a command uses',
    text: async () => (await import('../config/resolve.js')).PROFILE_RULES,
  },
  dates: { summary: 'date forms accepted by every date flag', text: datesText },
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
