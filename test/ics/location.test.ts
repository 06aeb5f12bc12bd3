/**
 * The LOCATION calctl writes is the line the site's own feed writes for the same venue
 * (`Tribe__Events__Venue::get_address_full_string`): every part that is not empty, in its order, even
 * a part equal to another (seen on a real site: a venue whose address, city and region read alike).
 */
import { describe, expect, it } from 'vitest';
import { locationText } from '../../src/ics/writer.js';

describe('locationText', () => {
  it('joins name, address, city, region, zip and country, repeated parts kept', () => {
    const venue = {
      venue: 'Hall Plain words',
      address: 'Plain words',
      city: 'Plain words',
      stateprovince: 'Plain words',
      state: 'NY',
      province: 'Plain words',
      zip: 'Plain words',
      country: 'Plain words',
    };
    expect(locationText(venue)).toBe(
      'Hall Plain words, Plain words, Plain words, Plain words, Plain words, Plain words',
    );
  });

  it('leaves empty parts out', () => {
    expect(locationText({ venue: 'Blue Room', address: '', city: 'Lyon', zip: '', country: 'France' })).toBe(
      'Blue Room, Lyon, France',
    );
  });

  it('takes the state of a venue in the United States, the province elsewhere, when no state/province is set', () => {
    const base = { venue: 'Hall', address: '', city: 'Town', stateprovince: '', state: 'NY', province: 'Ontario' };
    expect(locationText({ ...base, country: 'United States' })).toBe('Hall, Town, NY, United States');
    expect(locationText({ ...base, country: 'Canada' })).toBe('Hall, Town, Ontario, Canada');
  });

  it('reads entities as text', () => {
    expect(locationText({ venue: 'Joe&#8217;s &amp; Bar', city: 'Paris' })).toBe('Joe’s & Bar, Paris');
  });
});
