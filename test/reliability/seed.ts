/** Seeds a running server with a small calendar: published, draft, private and trashed records of every kind. */
import type { Api } from '../helpers/api-server.js';
import type { Known } from './hostile.js';

export interface Seeded extends Known {
  /** ids by role, for security tests */
  publicEvent: number;
  draftEvent: number;
  privateEvent: number;
  trashedEvent: number;
  draftVenue: number;
  draftOrganizer: number;
  eventWithDraftLinks: number;
}

export async function seedCalendar(api: Api, tag = 'seed'): Promise<Seeded> {
  const ids: number[] = [];
  const slugs: string[] = [];
  const must = async (p: Promise<{ status: number; body: { id?: number; slug?: string; code?: string } }>) => {
    const r = await p;
    if (r.status !== 201 && r.status !== 200) throw new Error(`seed failed: ${r.status} ${JSON.stringify(r.body)}`);
    if (typeof r.body.id === 'number') ids.push(r.body.id);
    if (typeof r.body.slug === 'string') slugs.push(r.body.slug);
    return r.body.id as number;
  };
  const venue = await must(api.post('/venues', { venue: `${tag} hall`, city: 'Lyon', status: 'publish' }));
  const draftVenue = await must(api.post('/venues', { venue: `${tag} secret venue`, status: 'draft' }));
  const org = await must(api.post('/organizers', { organizer: `${tag} crew`, status: 'publish' }));
  const draftOrganizer = await must(api.post('/organizers', { organizer: `${tag} secret crew`, status: 'draft' }));
  const cat = await must(api.post('/categories', { name: `${tag} music` }));
  await must(api.post('/tags', { name: `${tag} outdoor` }));
  const event = (extra: Record<string, unknown>) =>
    must(
      api.post('/events', {
        title: `${tag} event ${ids.length}`,
        start_date: '2030-03-01 10:00:00',
        end_date: '2030-03-01 12:00:00',
        venue,
        organizer: [org],
        categories: [cat],
        tags: [`${tag} outdoor`],
        ...extra,
      }),
    );
  const publicEvent = await event({});
  const draftEvent = await event({ title: `${tag} draft secret`, status: 'draft' });
  const privateEvent = await event({ title: `${tag} private secret`, status: 'private' });
  const trashedEvent = await event({ title: `${tag} trashed secret` });
  const del = await api.req('DELETE', `/events/${trashedEvent}`, { auth: true });
  if (del.status !== 200) throw new Error(`seed trash failed: ${del.status}`);
  const eventWithDraftLinks = await event({
    title: `${tag} linked to drafts`,
    venue: draftVenue,
    organizer: [draftOrganizer],
  });
  return {
    ids,
    slugs,
    publicEvent,
    draftEvent,
    privateEvent,
    trashedEvent,
    draftVenue,
    draftOrganizer,
    eventWithDraftLinks,
  };
}
