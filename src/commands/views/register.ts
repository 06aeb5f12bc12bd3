/**
 * Registers the calendar views (`agenda`, `calendar`) and quick add (`add`). Their modules load
 * when one of them runs; the flags are defined here, the list filters from the catalog.
 */
import { type Command, InvalidArgumentError } from 'commander';
import type { RegisterCommands } from '../types.js';
import { type AgendaOptions, addFilterFlags, type CalendarOptions } from './filters.js';

function parseDays(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 366)
    throw new InvalidArgumentError('expected a whole number from 1 to 366.');
  return n;
}

const VIEW_HELP =
  '\nA table on a terminal (fitted to its width; a colour per category unless NO_COLOR is set); the\n' +
  'records with -o json|ndjson|csv|yaml (JSON when piped). Every events list filter applies\n' +
  '(--venue and --categories by name, id or slug); every page of the range is read.';

/** Registers `calctl agenda`, `calctl calendar` and `calctl add`. */
export const registerViewCommands: RegisterCommands = (program, deps) => {
  const agenda = program
    .command('agenda')
    .description('the coming days as an agenda: a heading per day, then the events by time')
    .option('--days <n>', 'how many days from the start (default 7)', parseDays)
    .option('--start-date <date>', 'first day (default: today)')
    .option('--end-date <date>', 'last day (default: start + days - 1)')
    .option('--local-time', "show times in this machine's zone instead of the site's");
  addFilterFlags(agenda)
    .addHelpText('after', VIEW_HELP)
    .action(async (opts: AgendaOptions) => {
      const { runAgenda } = await import('./agenda.js');
      await runAgenda(deps.runtime(), opts);
    });

  const calendar = program
    .command('calendar')
    .alias('cal')
    .description('a month grid like cal(1) with the events of each day, or a week (--week)')
    .option('--month <month>', 'the month to show: 2026-12, "dec 2026", "next month" (default: this month)')
    .option('--week [date]', 'show the week holding this day (default: this week) as seven columns')
    .option('--week-start <day>', "the week's first day: monday, sunday … (default: the site's setting, else monday)")
    .option('--local-time', "show times in this machine's zone instead of the site's");
  addFilterFlags(calendar)
    .addHelpText('after', VIEW_HELP)
    .action(async (_opts: CalendarOptions, command: Command) => {
      const { runCalendar } = await import('./calendar.js');
      await runCalendar(deps.runtime(), command.opts<CalendarOptions>());
    });

  program
    .command('add')
    .description('add an event from one sentence: "Jazz night next friday 8pm-11pm at Blue Room #music"')
    .argument('<sentence...>', 'title, day and time (8pm-11pm, for 2h, all day), at VENUE, #category or #tag')
    .addHelpText(
      'after',
      "\nThe day and time are read as every date flag reads them, in the site's zone; the end defaults to\n" +
        'one hour after the start. The venue is found by name and #words name a category, else a tag;\n' +
        'a name that does not exist is created (a #word as a category) once you confirm. On a terminal\n' +
        'calctl shows what it understood and asks; --yes creates without asking (needed without a\n' +
        'terminal); --dry-run prints the request and creates nothing.',
    )
    .action(async (words: string[]) => {
      const { runAdd } = await import('../add/add.js');
      await runAdd(deps.runtime(), words);
    });
};
