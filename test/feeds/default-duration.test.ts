/**
 * A feed whose events have no end (DTSTART only): `feeds add --default-duration 2h` gives them two
 * hours, and the run says so; a Google export's schemas.google.com category is no category.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';

it('feeds add --default-duration gives events without DTEND a length; URL-only categories are dropped', async () => {
  const home = mkdtempSync(join(tmpdir(), 'calctl-feed-len-'));
  const ics = join(home, 'talks.ics');
  writeFileSync(
    ics,
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:talk-1@example.org\r\n' +
      'DTSTART:20370305T180000Z\r\nSUMMARY:Evening talk\r\nCATEGORIES:http://schemas.google.com/g/2005#event\r\n' +
      'END:VEVENT\r\nEND:VCALENDAR\r\n',
  );
  const cli = (args: string[]) => runInProcess(args, { home });
  expect((await cli(['feeds', 'add', 'talks', ics, '--default-duration', 'soon'])).code).toBe(2);
  const add = await cli(['feeds', 'add', 'talks', ics, '--default-duration', '2h', '--until', '2038-01-01']);
  expect(add.code, add.stderr).toBe(0);
  const run = await cli(['feeds', 'run']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toMatch(/1 event had no end: given 2h/);
  expect(run.stderr).toMatch(/1 category that is only an address was left out/);
  const list = await cli(['events', 'list', '--start-date', '2037-03-01', '--end-date', '2037-03-31']);
  const [talk] = JSON.parse(list.stdout) as { end_date: string; categories: unknown[] }[];
  expect(talk?.end_date).toBe('2037-03-05 20:00:00');
  expect(talk?.categories).toEqual([]);
  const categories = await cli(['categories', 'list']);
  expect(JSON.parse(categories.stdout)).toEqual([]);
});
