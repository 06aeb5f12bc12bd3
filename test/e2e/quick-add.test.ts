/**
 * `calctl add` through the built CLI on the local calendar: the event it creates (venue found by
 * name or created, #words as categories or tags), --dry-run and the refusal without a terminal or
 * --yes, each leaving the calendar as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

type Loose = Record<string, unknown>;
const home = tempHome();
const calctl = (args: string[]) => runCli(args, { home });
const count = async () => Number((await calctl(['events', 'list', '--all', '-o', 'count'])).stdout.trim());

beforeAll(async () => {
  for (const args of [
    ['venues', 'create', '--venue', 'Blue Room'],
    ['categories', 'create', '--name', 'Music'],
    ['tags', 'create', '--name', 'Free'],
  ]) {
    expect((await calctl(args)).code).toBe(0);
  }
});

describe('calctl add', () => {
  it('creates the event the sentence describes, with the venue, category and tag it names', async () => {
    const r = await calctl(['add', 'Jazz night tomorrow 8pm-11pm at blue room #music #free', '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const e = r.json<Loose>();
    expect(e).toMatchObject({ title: 'Jazz night', all_day: false });
    expect(String(e.start_date)).toMatch(/ 20:00:00$/);
    expect(String(e.end_date)).toMatch(/ 23:00:00$/);
    expect((e.venue as Loose).venue).toBe('Blue Room');
    expect((e.categories as Loose[]).map((c) => c.name)).toEqual(['Music']);
    expect((e.tags as Loose[]).map((t) => t.name)).toEqual(['Free']);
  });

  it('creates a new venue and category only when asked to create the event', async () => {
    const before = await count();
    const dry = await calctl(['add', 'Poetry slam friday 7pm for 2h at Cellar Bar #poetry', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'POST', body: { title: 'Poetry slam' } });
    expect(dry.stderr).toMatch(/venue +Cellar Bar \(new\)/);
    const refused = await calctl(['add', 'Poetry slam friday 7pm for 2h at Cellar Bar #poetry']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/confirmation needed[\s\S]*--yes/);
    expect(await count()).toBe(before);
    const venues = await calctl(['venues', 'list', '--search', 'Cellar', '-o', 'count']);
    expect(venues.stdout.trim()).toBe('0');

    const made = await calctl(['add', 'Poetry slam friday 7pm for 2h at Cellar Bar #poetry', '-y', '-o', 'json']);
    expect(made.code, made.stderr).toBe(0);
    expect((made.json<Loose>().venue as Loose | undefined)?.venue).toBe('Cellar Bar');
    expect(await count()).toBe(before + 1);
  });

  it('refuses what it cannot read, saying what it understood (exit 2)', async () => {
    const r = await calctl(['add', 'Deadline dec 5', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no time of day in "dec 5"/);
    expect(r.stderr).toMatch(/understood: title "Deadline"/);
  });
});
