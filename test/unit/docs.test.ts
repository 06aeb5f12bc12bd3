/**
 * The docs hold: every relative link in README.md, ARCHITECTURE.md and docs/ reaches a file (and a
 * heading, for `#anchor` links, by GitHub's slug rules); the README stays a short tour with the Quick
 * start commands unchanged; and the defaults, limits and exit codes the docs state are the ones the
 * code uses, read from the modules that define them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_LIMIT } from '../../src/api/batch.js';
import { ALL_EVENTS_WINDOW, MAX_PER_PAGE } from '../../src/catalog/index.js';
import { COMPLETE_TIMEOUT_MS } from '../../src/commands/complete-values.js';
import { FEED_DEFAULTS, LOCK_WAIT_SECONDS, MAX_TRASH_SHARE, RUNS_KEPT } from '../../src/commands/feeds/settings.js';
import { parseConcurrency } from '../../src/commands/shared.js';
import { HELP_TOPICS } from '../../src/completion/help-topics.js';
import { EXIT_CODE_TABLE } from '../../src/errors/index.js';
import { EXPORT_CONCURRENCY } from '../../src/export/defaults.js';
import { IMPORT_CONCURRENCY } from '../../src/import/defaults.js';
import { PLAN_KEYS } from '../../src/import/plan.js';
import { FORMATS } from '../../src/output/format.js';
import { DEFAULT_WIDTH } from '../../src/output/table.js';
import { MAX_FILE_UPLOADS, UPLOAD_MAX_FILESIZE } from '../../src/server/http/body.js';
import { REPLY_CACHE_BYTES } from '../../src/server/http/cache.js';
import { DEFAULT_LIMITS } from '../../src/server/http/limits.js';
import { MAX_INPUT_VARS, MAX_NESTING } from '../../src/server/http/params.js';
import { MAX_BATCH_REQUESTS } from '../../src/server/rest/batch.js';
import { EVENT_TEXTS_CHARS } from '../../src/server/tribe/handlers/event-texts.js';

const ROOT = resolve(import.meta.dirname, '../..');

const QUICK_START = [
  'npm ci && npx calctl events create --title "Team meetup" --start-date "tomorrow 18:00" --duration 90m && npx calctl events list',
  'npm ci && npm test',
];

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The Markdown files whose links are checked, relative to the root. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', 'ARCHITECTURE.md', ...docs.sort()];
}

/** The text outside fenced and indented code blocks, line by line (so links and headings in code are not taken). */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      continue;
    }
    if (fence === undefined && !/^( {4}|\t)/.test(line)) out.push(line);
  }
  return out;
}

/** GitHub's anchor for a heading: the rendered text, lower-cased, punctuation dropped, spaces → hyphens. */
function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\*\*|__/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (duplicates numbered) and explicit ids. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (m[1]) anchors.add(m[1]);
  }
  return anchors;
}

/** The targets of inline links `[text](target)` in prose, inline code left out. */
function linksOf(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '``');
    for (const m of prose.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) if (m[1]) targets.push(m[1]);
  }
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Whitespace collapsed and code marks dropped, so a fact reads the same however the line is wrapped. */
const flat = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ');

/** The part of a Markdown file under one heading, up to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.replace(/^#+\s+/, '') === heading && l.startsWith('#'));
  expect(start, `heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && (/^#+/.exec(l)?.[0].length ?? 9) <= level);
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** A table's rows whose first cell matches `first`: the cells, trimmed. */
function tableRow(text: string, first: string): string[] {
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (cells[0] === first) return cells;
  }
  throw new Error(`no table row starting with "${first}"`);
}

/** Asserts that `text` says `pattern`, and returns the match. */
function states(text: string, pattern: RegExp, what: string): RegExpExecArray {
  const m = pattern.exec(flat(text));
  expect(m, what).not.toBeNull();
  return m as RegExpExecArray;
}

const numberWords = (n: number) => n.toLocaleString('en-US');

describe('links', () => {
  it('follows GitHub slug rules', () => {
    expect(githubSlug('The calendar: agenda, month and week views, quick add, iCalendar')).toBe(
      'the-calendar-agenda-month-and-week-views-quick-add-icalendar',
    );
    expect(githubSlug('Raw requests, info and the OpenAPI document')).toBe(
      'raw-requests-info-and-the-openapi-document',
    );
    expect(githubSlug('`tec/v1` on the embedded server: what the site does, and where')).toBe(
      'tecv1-on-the-embedded-server-what-the-site-does-and-where',
    );
    expect(githubSlug('Import/export')).toBe('importexport');
    expect([...anchorsOf('# A\n## Same\n## Same\n```\n# not a heading\n```\n')]).toEqual(['a', 'same', 'same-1']);
  });

  it('every relative link in README.md, ARCHITECTURE.md and docs/ reaches a file and, for #anchors, a heading', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      const text = read(file);
      for (const target of linksOf(text)) {
        if (isExternal(target)) continue;
        checked++;
        const [path = '', anchor] = target.split('#', 2);
        const dest = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
        const shown = `${file}: ${target}`;
        if (!dest.startsWith(ROOT) || !existsSync(dest)) {
          broken.push(`${shown} (no ${relative(ROOT, dest)})`);
          continue;
        }
        if (anchor !== undefined && anchor !== '' && dest.endsWith('.md')) {
          if (!anchorsOf(readFileSync(dest, 'utf8')).has(decodeURIComponent(anchor))) {
            broken.push(`${shown} (no heading #${anchor} in ${relative(ROOT, dest)})`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});

describe('README', () => {
  it('is a tour: under 12 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThan(12_000);
  });

  it('keeps both Quick start commands verbatim, each in its own sh block', () => {
    const quick = section(read('README.md'), 'Quick start');
    for (const command of QUICK_START) expect(quick).toContain(`\`\`\`sh\n${command}\n\`\`\``);
  });

  it('names the exit codes as the code does', () => {
    const summary = EXIT_CODE_TABLE.map(([code, meaning]) => `${code} ${meaning.split(/[:(]/)[0]?.trim()}`).join(', ');
    expect(flat(read('README.md'))).toContain(summary);
  });
});

describe('facts in the docs match the code', () => {
  it("docs/history.md lists the plan's keys in their order", () => {
    const table = section(read('docs/history.md'), 'The plan');
    const keys = [...table.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(keys).toEqual([...PLAN_KEYS]);
  });

  it('exit codes: the table in docs/commands.md is the code table', () => {
    const table = section(read('docs/commands.md'), 'Exit codes');
    const rows = [...table.matchAll(/^\|\s*(\d+)\s*\|\s*(.*?)\s*\|\s*$/gm)].map((m) => [
      Number(m[1]),
      flat(m[2] ?? ''),
    ]);
    expect(rows).toEqual(EXIT_CODE_TABLE.map(([code, meaning]) => [code, meaning]));
  });

  it('output formats and help topics', () => {
    const commands = read('docs/commands.md');
    states(commands, new RegExp(`-o ${FORMATS.join('\\|')}( |\\))`), 'docs/commands.md lists every -o format');
    expect(flat(read('README.md'))).toContain(`-o ${FORMATS.join('|')}`);
    states(commands, new RegExp(`else COLUMNS, else ${DEFAULT_WIDTH} columns`), 'default table width');
    const topics = Object.keys(HELP_TOPICS).sort();
    const listed = states(read('README.md'), /calctl help ([a-z|-]+)/, 'README lists the help topics')[1]?.split('|');
    expect(listed?.sort()).toEqual(topics);
    const help = flat(section(commands, 'Help'));
    for (const topic of topics) expect(help, `docs/commands.md › Help names ${topic}`).toContain(topic);
  });

  it('page size: the maximum per_page', () => {
    expect(states(read('docs/commands.md'), /per_page above the site's maximum \((\d+)\)/, 'commands.md')[1]).toBe(
      String(MAX_PER_PAGE),
    );
    expect(states(read('docs/server.md'), /per_page silently capped at (\d+)/, 'server.md')[1]).toBe(
      String(MAX_PER_PAGE),
    );
    expect(states(read('README.md'), /a site caps per_page at (\d+)/, 'README.md')[1]).toBe(String(MAX_PER_PAGE));
    const row = tableRow(section(read('docs/server.md'), 'Server limits'), '`per_page`');
    expect(row[1]).toBe(String(MAX_PER_PAGE));
    expect(row[2]).toContain(`capped at ${MAX_PER_PAGE}`);
  });

  it('import and export: concurrency, batch size and the export window', () => {
    const csv = read('docs/csv.md');
    const defaults = section(csv, 'Defaults');
    expect(tableRow(defaults, '`--concurrency` on import (writes in flight)')[1]).toBe(String(IMPORT_CONCURRENCY));
    expect(tableRow(defaults, '`--concurrency` on export (pages asked for at once)')[1]).toBe(
      String(EXPORT_CONCURRENCY),
    );
    expect(tableRow(defaults, '`--batch-size` (writes per batch request)')[1]).toBe(String(BATCH_LIMIT));
    expect(states(csv, /on import the writes \(default (\d+)\)/, 'import concurrency')[1]).toBe(
      String(IMPORT_CONCURRENCY),
    );
    expect(states(csv, /on export the pages asked for while one is written out \(default (\d+)/, 'export')[1]).toBe(
      String(EXPORT_CONCURRENCY),
    );
    expect(states(csv, /Creates and updates travel up to (\d+) per request/, 'batch size')[1]).toBe(
      String(BATCH_LIMIT),
    );
    const range = states(defaults, /\| 1 to (\d+) \|/, 'the --concurrency range')[1];
    expect(parseConcurrency(String(range))).toBe(Number(range));
    expect(() => parseConcurrency(String(Number(range) + 1))).toThrow();
    expect(() => parseConcurrency('0')).toThrow();
    states(
      csv,
      new RegExp(`events: ${ALL_EVENTS_WINDOW.start_date} to ${ALL_EVENTS_WINDOW.end_date}`),
      'the export window',
    );
  });

  it('the embedded server: limits, batch size and the answer cache', () => {
    const server = read('docs/server.md');
    const limits = section(server, 'Server limits');
    const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
    const kib = (bytes: number) => `${bytes / 1024} KiB`;
    const s = (ms: number) => `${ms / 1000} s`;
    expect(tableRow(limits, 'Request body')[1]).toBe(mib(DEFAULT_LIMITS.bodyLimit));
    expect(tableRow(limits, 'Request line + headers')[1]).toBe(kib(DEFAULT_LIMITS.maxHeaderSize));
    expect(tableRow(limits, 'Path parameter (slug)')[1]).toBe(
      `${numberWords(DEFAULT_LIMITS.maxParamLength)} characters`,
    );
    expect(tableRow(limits, 'Headers must arrive within')[1]).toBe(s(DEFAULT_LIMITS.headersTimeoutMs));
    expect(tableRow(limits, 'Whole request must arrive within')[1]).toBe(s(DEFAULT_LIMITS.requestTimeoutMs));
    expect(tableRow(limits, 'Idle connection')[1]).toBe(s(DEFAULT_LIMITS.idleTimeoutMs));
    expect(tableRow(limits, 'Idle keep-alive connection')[1]).toBe(s(DEFAULT_LIMITS.keepAliveTimeoutMs));
    expect(tableRow(limits, 'Parameters in a query string')[1]).toBe(`${numberWords(MAX_INPUT_VARS)} pairs`);
    expect(tableRow(limits, 'Nesting of an array parameter')[1]).toBe(`${MAX_NESTING} levels`);
    expect(tableRow(limits, 'Uploaded file (multipart)')[1]).toBe(mib(UPLOAD_MAX_FILESIZE));
    expect(tableRow(limits, 'Files in one request')[1]).toBe(String(MAX_FILE_UPLOADS));
    expect(states(server, /\(up to (\d+) writes per request/, 'batch route')[1]).toBe(String(MAX_BATCH_REQUESTS));
    expect(
      states(
        read('docs/benchmarks.md'),
        /cached whole \(as text\) from the second time it is asked for, within (\d+) MB/,
        '',
      )[1],
    ).toBe(String(REPLY_CACHE_BYTES / 1024 / 1024));
    expect(states(server, /as JSON text \(at most (\d+) Mi characters\)/, 'record texts')[1]).toBe(
      String(EVENT_TEXTS_CHARS / 1024 / 1024),
    );
  });

  it('feeds: the defaults of feeds add, the share a run may trash, the lock wait and the runs kept', () => {
    const feeds = read('docs/feeds.md');
    const settings = section(feeds, 'Settings');
    expect(tableRow(settings, '`--status`')[1]).toBe(`\`${FEED_DEFAULTS.status}\``);
    expect(tableRow(settings, '`--authority`')[1]).toBe(`\`${FEED_DEFAULTS.authority}\``);
    expect(tableRow(settings, '`--on-removed`')[1]).toBe(`\`${FEED_DEFAULTS.onRemoved}\``);
    expect(tableRow(settings, '`--from`')[1]).toBe(`\`${FEED_DEFAULTS.from}\``);
    expect(tableRow(settings, '`--until`')[1]).toBe(`\`${FEED_DEFAULTS.until}\``);
    states(feeds, new RegExp(`more than ${MAX_TRASH_SHARE * 100} % of the feed's events`), 'the trash share');
    states(feeds, new RegExp(`waits up to ${LOCK_WAIT_SECONDS} s`), 'the lock wait');
    states(feeds, new RegExp(`keeps the last ${RUNS_KEPT} runs`), 'the runs kept');
  });

  it('shell completion: the time live lookups get', () => {
    const completion = section(read('docs/commands.md'), 'Shell completion');
    expect(states(completion, /lookups give up after ([\d.]+) s/, 'completion timeout')[1]).toBe(
      String(COMPLETE_TIMEOUT_MS / 1000),
    );
  });
});
