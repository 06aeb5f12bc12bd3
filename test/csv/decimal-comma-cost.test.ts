/**
 * A price written with a decimal comma (`10,50` and a `€` column, `12,50 €` on the command line) keeps
 * its currency mark: the plugin reads the mark of a text cost after splitting the text at its commas
 * (Cost_Utils::parse_currency_symbol), so calctl sends such a text as a list of one, which the site
 * reads whole. Checked on the local calendar (the embedded server playing the site, in-process), and
 * the re-import of the same file changes nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { costFromText } from '../../src/catalog/index.js';
import { runInProcess } from '../helpers/in-process.js';

type Ev = {
  title: string;
  cost: string;
  cost_details: { currency_symbol: string; currency_position: string; values: string[] };
};

describe('a cost with a decimal comma', () => {
  it('is sent whole (a list of one) only when it holds a comma', () => {
    expect(costFromText('€10,50')).toEqual(['€10,50']);
    expect(costFromText('5, 10, 15')).toEqual(['5, 10, 15']);
    expect(costFromText('$25')).toBe('$25');
    expect(costFromText('Free')).toBe('Free');
  });

  it('keeps its currency mark through import, re-import and events create', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-cost-'));
    const file = join(home, 'prices.csv');
    writeFileSync(
      file,
      'Event Name;Event Start Date;Event Start Time;Event End Date;Event End Time;Event Cost;Event Currency Symbol;Event Currency Position\r\n' +
        'Konzert;24/06/2027;18:00;24/06/2027;20:00;10,50;€;\r\n' +
        'Markt;25/06/2027;09:00;25/06/2027;12:00;3,00;€;suffix\r\n' +
        'Lesung;26/06/2027;19:00;26/06/2027;20:00;5;€;\r\n',
    );
    const first = await runInProcess(['import', 'events', file, '-o', 'json'], { home });
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ created: 3, rejected: 0 });
    const again = await runInProcess(['import', 'events', file, '-o', 'json'], { home });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

    const made = await runInProcess(
      [
        'events',
        'create',
        '--title',
        'Flohmarkt',
        '--start-date',
        '2027-06-27 10:00',
        '--duration',
        '2h',
        '--cost',
        '12,50 €',
        '-o',
        'json',
      ],
      { home },
    );
    expect(made.code, made.stderr).toBe(0);

    // (an update of another field keeps the price as shown)
    const konzert = await runInProcess(['events', 'list', '--search', 'Konzert', '-o', 'ids'], { home });
    const renamed = await runInProcess(
      ['events', 'update', konzert.stdout.trim(), '--title', 'Konzert am See', '-o', 'json'],
      { home },
    );
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.json()).toMatchObject({ cost: '€10,50' });
    // (a copy, and an update given the record itself as --data, send the price as shown too)
    const copied = await runInProcess(['events', 'copy', konzert.stdout.trim(), '--start-date', '2027-07-01 18:00'], {
      home,
    });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.json()).toMatchObject({ cost: '€10,50', start_date: '2027-07-01 18:00:00' });
    const record: Record<string, unknown> = { ...copied.json<Record<string, unknown>>(), title: 'Konzert im Park' };
    const fromRecord = await runInProcess(
      ['events', 'update', String(record.id), '--data', JSON.stringify(record), '-o', 'json'],
      { home },
    );
    expect(fromRecord.code, fromRecord.stderr).toBe(0);
    expect(fromRecord.json()).toMatchObject({ title: 'Konzert im Park', cost: '€10,50' });

    const list = await runInProcess(['events', 'list', '--per-page', '50', '-o', 'json'], { home });
    expect(list.json<Ev[]>()).toHaveLength(5);
    const byTitle = new Map(list.json<Ev[]>().map((e) => [e.title, e]));
    expect(byTitle.get('Konzert am See')).toMatchObject({
      cost: '€10,50',
      cost_details: { currency_symbol: '€', currency_position: 'prefix', values: ['10.50'] },
    });
    expect(byTitle.get('Markt')).toMatchObject({
      cost: '3,00€',
      cost_details: { currency_symbol: '€', currency_position: 'postfix', values: ['3.00'] },
    });
    expect(byTitle.get('Lesung')).toMatchObject({ cost: '€5', cost_details: { currency_symbol: '€' } });
    expect(byTitle.get('Flohmarkt')).toMatchObject({ cost: '12,50€', cost_details: { currency_symbol: '€' } });
  });
});
