/** The summary of one feed's run: what `-o json` gives, what stderr says, what the history keeps. */
import type { Notes } from '../../output/notes.js';
import type { Rejection } from './plan.js';
import type { FeedSettings } from './settings.js';

/** Options of `feeds run`. */
export interface RunOptions {
  names: string[];
  force: boolean;
  quiet: boolean;
  wait: number | undefined;
}

/** How one feed's run went, as `-o json` gives it. */
export interface FeedSummary {
  feed: string;
  source: string;
  status: 'ok' | 'not-modified' | 'failed' | 'refused' | 'planned';
  not_modified: boolean;
  created: number;
  updated: number;
  trashed: number;
  unchanged: number;
  ignored: number;
  rejected: number;
  rejects: Rejection[];
  error: string | null;
  hint: string | null;
  notes: string[];
  seconds: number;
}

/** A summary with nothing done yet. */
export const blank = (feed: FeedSettings): FeedSummary => ({
  feed: feed.name,
  source: feed.source,
  status: 'ok',
  not_modified: false,
  created: 0,
  updated: 0,
  trashed: 0,
  unchanged: 0,
  ignored: 0,
  rejected: 0,
  rejects: [],
  error: null,
  hint: null,
  notes: [],
  seconds: 0,
});

/** The lines of a summary on stderr (with `--quiet`, only trouble: `notes` leaves the rest out). */
export function print(notes: Notes, s: FeedSummary, dryRun: boolean): void {
  const troubled = s.status === 'failed' || s.status === 'refused' || s.rejected > 0;
  // (a feed in trouble is told whole, its notes and counts included: they say what it did)
  const say = (line: string) => (troubled ? notes.trouble(line) : notes.info(line));
  for (const r of s.rejects.slice(0, 20))
    say(`feed ${s.feed}: rejected${r.line ? ` line ${r.line}` : ''}${r.key ? ` (${r.key})` : ''}: ${r.error}`);
  if (s.rejects.length > 20)
    say(`feed ${s.feed}: … and ${s.rejects.length - 20} more rejected (calctl feeds show ${s.feed})`);
  if (s.status === 'failed' || s.status === 'refused') {
    say(`feed ${s.feed} ${s.status === 'refused' ? 'refused' : 'failed'}: ${s.error}`);
    if (s.hint) say(`  hint: ${s.hint}`);
    return;
  }
  if (s.not_modified) {
    say(`feed ${s.feed}: ${s.notes[0] ?? 'not modified'}`);
    return;
  }
  for (const n of s.notes) say(`feed ${s.feed}: note: ${n}`);
  const verb = dryRun ? 'would be ' : '';
  say(
    `feed ${s.feed}: ${s.created} ${verb}created, ${s.updated} ${verb}updated, ${s.trashed} ${verb}trashed, ` +
      `${s.unchanged} unchanged, ${s.ignored} ignored, ${s.rejected} rejected (${s.seconds} s)`,
  );
}
