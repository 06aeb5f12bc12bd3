/**
 * Spreadsheets saved in the encodings Excel writes besides "CSV UTF-8": "CSV (Comma delimited)" on
 * Windows (Windows-1252) and "Unicode Text" (UTF-16LE with a byte order mark, tab-separated). Each is
 * read as what it is, with a note; `--encoding` says it outright; a file that turns out not to be UTF-8
 * only past its start is refused with a hint, before anything of it is lost.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffEncoding } from '../../src/import/encoding.js';
import { runInProcess } from '../helpers/in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'calctl-enc-'));
const file = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
/** `Café Müller – Frühstück` at `Café` in Windows-1252 bytes (é e9, ü fc, – 96). */
const CP1252 = Buffer.concat([
  Buffer.from('Event Name,Event Start Date,Event Start Time,Event Venue Name\r\n'),
  Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x96, 0x20]),
  Buffer.from('Fr'),
  Buffer.from([0xfc]),
  Buffer.from('hst'),
  Buffer.from([0xfc]),
  Buffer.from('ck,2027-05-01,09:00,Caf'),
  Buffer.from([0xe9]),
  Buffer.from('\r\n'),
]);

async function titles(home: string): Promise<string[]> {
  const r = await runInProcess(['events', 'list', '--per-page', '50', '-o', 'json'], { home });
  return r.json<{ title: string; venue: { venue?: string } }[]>().map((e) => `${e.title} @ ${e.venue.venue ?? ''}`);
}

describe('text encodings of CSV files', () => {
  it('finds UTF-16 by its byte order mark and Windows-1252 by bytes that are not UTF-8', () => {
    expect(sniffEncoding(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('utf-16le');
    expect(sniffEncoding(Buffer.from([0xfe, 0xff, 0x00, 0x41]))).toBe('utf-16be');
    expect(sniffEncoding(CP1252)).toBe('windows-1252');
    expect(sniffEncoding(Buffer.from('Café, “quoted”'))).toBeUndefined();
    // (a character cut by the end of the first chunk is still UTF-8)
    expect(sniffEncoding(Buffer.from('Caf\u00e9').subarray(0, 4))).toBeUndefined();
  });

  it("reads Excel's Windows CSV (Windows-1252) as such, with a note", async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-enc-home-'));
    const r = await runInProcess(['import', 'events', file('windows.csv', CP1252), '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('not UTF-8; reading it as windows-1252 (--encoding to choose)');
    expect(await titles(home)).toEqual(['Café Müller – Frühstück @ Café']);
    const again = await runInProcess(['import', 'events', join(dir, 'windows.csv'), '-o', 'json'], { home });
    expect(again.json()).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("reads Excel's Unicode Text (UTF-16LE, tab-separated)", async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-enc-home-'));
    const text = 'Event Name\tEvent Start Date\tEvent Start Time\r\nÜbung – “quoted”\t2027-05-02\t10:00\r\n';
    const path = file('unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const r = await runInProcess(['import', 'events', path, '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('reading it as utf-16le');
    expect(r.stderr).toContain('tab-separated');
    expect(await titles(home)).toEqual(['Übung – “quoted” @ ']);
  });

  it('--encoding says it outright (no note); an unknown name is a usage error', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-enc-home-'));
    const path = join(dir, 'windows.csv');
    const r = await runInProcess(['import', 'events', path, '--encoding', 'latin1', '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('not UTF-8');
    const bad = await runInProcess(['import', 'events', path, '--encoding', 'klingon'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown text encoding "klingon"');
  });

  it('a file that is UTF-8 at its start and not further on is refused at that line, with the flag to use', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-enc-home-'));
    const rows = Array.from({ length: 3000 }, (_, i) => `Row ${i} with some padding text to fill,2027-06-01,10:00`);
    const path = file(
      'late.csv',
      Buffer.concat([
        Buffer.from(`Event Name,Event Start Date,Event Start Time\n${rows.join('\n')}\n`),
        Buffer.from([0x43, 0x61, 0x66, 0xe9]),
        Buffer.from(',2027-06-02,10:00\n'),
      ]),
    );
    const r = await runInProcess(['import', 'events', path, '--dry-run'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 3002: invalid UTF-8 text');
    expect(r.stderr).toContain('--encoding windows-1252');
  });
});
