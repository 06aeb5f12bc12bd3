/**
 * `calctl add`: twenty sentences and the events they must give (a fixed clock: Wednesday
 * 2026-11-25 11:00 in Europe/Paris), and the sentences that must be refused with what was understood.
 */
import { describe, expect, it } from 'vitest';
import { type QuickEvent, readSentence, SentenceError } from '../../src/commands/add/sentence.js';

const now = new Date('2026-11-25T10:00:00Z');
const timezone = 'Europe/Paris';
const read = (s: string) => readSentence(s, { now, timezone });

type Want = Omit<QuickEvent, 'tags' | 'allDay' | 'venue'> & Partial<Pick<QuickEvent, 'tags' | 'allDay' | 'venue'>>;

const SENTENCES: Array<[string, Want]> = [
  [
    'Jazz night next friday 8pm-11pm at Blue Room #music',
    {
      title: 'Jazz night',
      start: '2026-11-27 20:00:00',
      end: '2026-11-27 23:00:00',
      venue: 'Blue Room',
      tags: ['music'],
    },
  ],
  [
    'Team standup tomorrow 9:30 for 15m',
    { title: 'Team standup', start: '2026-11-26 09:30:00', end: '2026-11-26 09:45:00' },
  ],
  [
    'Dinner tomorrow at 8pm at Chez Paul',
    { title: 'Dinner', start: '2026-11-26 20:00:00', end: '2026-11-26 21:00:00', venue: 'Chez Paul' },
  ],
  [
    'Festival dec 30 to jan 1 all day #music #outdoor',
    {
      title: 'Festival',
      start: '2026-12-30 00:00:00',
      end: '2027-01-01 23:59:59',
      allDay: true,
      tags: ['music', 'outdoor'],
    },
  ],
  [
    'Board meeting 2026-12-03 14:00 for 2h @ Town Hall',
    { title: 'Board meeting', start: '2026-12-03 14:00:00', end: '2026-12-03 16:00:00', venue: 'Town Hall' },
  ],
  ['Launch party friday 10pm-1am', { title: 'Launch party', start: '2026-11-27 22:00:00', end: '2026-11-28 01:00:00' }],
  ['Lunch on dec 5 at noon', { title: 'Lunch', start: '2026-12-05 12:00:00', end: '2026-12-05 13:00:00' }],
  [
    'Workshop next monday 9am for 1h30m at Room 4, Building B',
    { title: 'Workshop', start: '2026-11-30 09:00:00', end: '2026-11-30 10:30:00', venue: 'Room 4, Building B' },
  ],
  ['Call in 2 hours', { title: 'Call', start: '2026-11-25 13:00:00', end: '2026-11-25 14:00:00' }],
  [
    'Conference 12/10 all day at Palais des Congrès #tech',
    {
      title: 'Conference',
      start: '2026-12-10 00:00:00',
      end: '2026-12-10 23:59:59',
      allDay: true,
      venue: 'Palais des Congrès',
      tags: ['tech'],
    },
  ],
  ['Concert 7pm', { title: 'Concert', start: '2026-11-25 19:00:00', end: '2026-11-25 20:00:00' }],
  [
    'Film night saturday 20:00-22:30 #film',
    { title: 'Film night', start: '2026-11-28 20:00:00', end: '2026-11-28 22:30:00', tags: ['film'] },
  ],
  [
    'Market sunday 8am-1pm at Place Bellecour',
    { title: 'Market', start: '2026-11-29 08:00:00', end: '2026-11-29 13:00:00', venue: 'Place Bellecour' },
  ],
  [
    'Meeting tomorrow 3pm for two hours',
    { title: 'Meeting', start: '2026-11-26 15:00:00', end: '2026-11-26 17:00:00' },
  ],
  [
    'Ski trip jan 10 - jan 12 all day',
    { title: 'Ski trip', start: '2027-01-10 00:00:00', end: '2027-01-12 23:59:59', allDay: true },
  ],
  [
    'Opening 5 december 18:30 for 3h #art at Galerie Ünïcode',
    {
      title: 'Opening',
      start: '2026-12-05 18:30:00',
      end: '2026-12-05 21:30:00',
      venue: 'Galerie Ünïcode',
      tags: ['art'],
    },
  ],
  [
    'Coffee with Anna tomorrow 10am for half an hour',
    { title: 'Coffee with Anna', start: '2026-11-26 10:00:00', end: '2026-11-26 10:30:00' },
  ],
  ['Game evening friday 19h30', { title: 'Game evening', start: '2026-11-27 19:30:00', end: '2026-11-27 20:30:00' }],
  // a summer date: the wall time stays as written across the daylight-saving change
  [
    'Open air cinema july 4 9pm for 2h',
    { title: 'Open air cinema', start: '2027-07-04 21:00:00', end: '2027-07-04 23:00:00' },
  ],
  [
    'Release party tomorrow 6pm UTC',
    { title: 'Release party', start: '2026-11-26 19:00:00', end: '2026-11-26 20:00:00' },
  ],
];

describe('calctl add: sentences', () => {
  it.each(SENTENCES)('%s', async (sentence, want) => {
    expect(await read(sentence)).toEqual({ allDay: false, tags: [], venue: undefined, ...want });
  });

  it('has twenty sentences', () => expect(SENTENCES).toHaveLength(20));

  const REFUSED: Array<[string, RegExp, Partial<QuickEvent>]> = [
    ['Deadline dec 5', /no time of day in "dec 5"/, { title: 'Deadline', start: '2026-12-05' }],
    ['Yoga every day', /no date or time/, {}],
    ['Party dec 5 8pm or dec 6 9pm', /several dates in the sentence: "dec 5 8pm", "dec 6 9pm"/, {}],
    ['tomorrow 3pm', /no title/, { start: '2026-11-26 15:00:00' }],
    ['Talk tomorrow 3pm-4pm for 2h', /both an end/, { title: 'Talk' }],
    ['Talk tomorrow 3pm for 2 fortnights', /cannot read "for 2 fortnights"/, { title: 'Talk for 2 fortnights' }],
  ];
  it.each(REFUSED)('refuses "%s" and says what it understood', async (sentence, message, understood) => {
    const err = await read(sentence).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SentenceError);
    expect((err as SentenceError).message).toMatch(message);
    expect((err as SentenceError).understood).toMatchObject(understood);
  });
});
