/**
 * `calctl feeds add|list|show|remove|run`: keep a site's calendar fed from iCalendar addresses, .ics
 * files and other sites running the plugin, from cron (docs/feeds.md). Flags are defined here (cheap,
 * for --help); the work loads when a command runs.
 */
import { Option } from 'commander';
import type { RegisterCommands } from '../types.js';
import type { AddFeedFlags, RemoveFeedFlags } from './manage.js';
import {
  CRON_EVERY,
  FEED_AUTHORITIES,
  FEED_DEFAULTS,
  FEED_STATUSES,
  LOCK_WAIT_SECONDS,
  MAX_TRASH_SHARE,
  ON_REMOVED,
  parseEvery,
  parseLimit,
  parseWait,
} from './settings.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];
const manage = () => import('./manage.js');

export const registerFeedsCommands: RegisterCommands = (program, deps) => {
  const feeds = program
    .command('feeds')
    .description('keep the calendar fed from iCalendar addresses, .ics files and other sites (see docs/feeds.md)');
  feeds
    .command('add')
    .description('add a feed (or change the settings of one: its events stay linked)')
    .argument('<name>', 'a name for the feed: letters, digits, "_", "." and "-"')
    .argument(
      '<source>',
      'an http(s):// or webcal:// iCalendar address, an .ics file, or another site (@profile or its address)',
    )
    .option('--category <name>', 'add this category to every event (repeatable; created when missing)', collect)
    .option('--tag <name>', 'add this tag to every event (repeatable; created when missing)', collect)
    .addOption(
      new Option('--status <status>', 'status of the events it creates')
        .choices(FEED_STATUSES)
        .default(FEED_DEFAULTS.status),
    )
    .addOption(
      new Option(
        '--authority <rule>',
        "when the source changes an event: preserve-edits (the admin's edits stay, the rest follows), overwrite (the source wins), new-only (never touched again)",
      )
        .choices(FEED_AUTHORITIES)
        .default(FEED_DEFAULTS.authority),
    )
    .addOption(
      new Option('--on-removed <action>', 'an event removed or cancelled at the source: trash it, or keep it')
        .choices(ON_REMOVED)
        .default(FEED_DEFAULTS.onRemoved),
    )
    .option('--from <date>', 'take events that end on or after this date (read at each run)', FEED_DEFAULTS.from)
    .option('--until <date>', 'take events that start by this date (read at each run)', FEED_DEFAULTS.until)
    .option('--limit <n>', 'keep at most this many events of the feed on the site (the first by date)', parseLimit)
    .option(
      '--default-duration <length>',
      'events the source gives no end (no DTEND) last this long, e.g. 2h (default: they end as they start)',
    )
    .action(async (name: string, source: string, opts: AddFeedFlags) => {
      await (await manage()).addFeed(deps.runtime(), deps, name, source, opts);
    });
  feeds
    .command('list')
    .description('the feeds of the site: source, rule, events, last run')
    .action(async () => {
      await (await manage()).listFeeds(deps.runtime());
    });
  feeds
    .command('show')
    .description('one feed: its settings, the events the admin trashed (ignored), its last runs')
    .argument('<name>', 'the feed')
    .action(async (name: string) => {
      await (await manage()).showFeed(deps.runtime(), name);
    });
  feeds
    .command('remove')
    .description('stop following a feed (its events stay on the site, unless --trash-events)')
    .argument('<name>', 'the feed')
    .option('--trash-events', 'also move its events to the trash (asks first; --yes to confirm)')
    .action(async (name: string, opts: RemoveFeedFlags) => {
      await (await manage()).removeFeed(deps.runtime(), name, opts);
    });
  feeds
    .command('run')
    .description('fetch, compare and write every feed of the site (or the ones named), for cron')
    .argument('[names...]', 'feeds to run (default: all)')
    .option(
      '--force',
      `trash what the source dropped even when it is empty now or dropped more than ${Math.round(MAX_TRASH_SHARE * 100)} % of its events`,
    )
    .option(
      '-q, --quiet',
      'print nothing when every feed ran, for cron (failures and rejects still go to stderr; the summaries on stdout only with -o json)',
    )
    .option(
      '--wait <seconds>',
      `how long to wait for another run on this site to finish (default: ${LOCK_WAIT_SECONDS})`,
      parseWait,
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 every feed ran, 3 a feed failed or refused to trash, or events were rejected, ' +
        '2 bad flags, 1 the site failed (or another run held the lock), 4 the site refused the credentials.\n' +
        '-o json prints one summary per feed on stdout; global --dry-run plans without writing.',
    )
    .action(async (names: string[], opts: { force?: boolean; quiet?: boolean; wait?: number }) => {
      // (a run parses and compares a whole feed: the import's heap settings, fewer collections)
      (await import('../heap.js')).growYoungGenerationAtOnce();
      const { runFeeds } = await import('./run.js');
      await runFeeds(deps.runtime(), deps, {
        names,
        force: opts.force === true,
        quiet: opts.quiet === true,
        wait: opts.wait,
      });
    });
  feeds
    .command('cron')
    .description("print the crontab line that runs this site's feeds from this machine (quiet unless trouble)")
    .argument('[names...]', 'feeds to run (default: all)')
    .option(
      '--every <interval>',
      `how often: minutes that divide an hour (5m, 15m, 30m), hours that divide a day (1h, 6h), or 1d (default: ${CRON_EVERY})`,
      (value: string) => {
        parseEvery(value);
        return value;
      },
    )
    .addHelpText(
      'after',
      '\nThe line names node and calctl by their absolute paths and sets HOME (and XDG/CALCTL dirs when set),\n' +
        "so it runs under cron's own environment (PATH=/usr/bin:/bin). -o json prints schedule, command and line.",
    )
    .action(async (names: string[], opts: { every?: string }) => {
      const { printCron } = await import('./cron.js');
      await printCron(deps.runtime(), names, parseEvery(opts.every ?? CRON_EVERY), opts.every);
    });
};
