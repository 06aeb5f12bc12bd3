/**
 * parsePlace: one line of a place (an iCalendar LOCATION, a CSV cell) as a venue name and address
 * parts. Lines as calendars and people write them: Meetup, Google, Apple, the plugin's own feed, and
 * US, British, German and French addresses.
 */
import { describe, expect, it } from 'vitest';
import { parsePlace } from '../../src/links/place.js';

describe('parsePlace', () => {
  it.each([
    [
      'ThinkCoffee, 248 Mercer Street, New York, NY 10012',
      { name: 'ThinkCoffee', address: '248 Mercer Street', city: 'New York', stateprovince: 'NY', zip: '10012' },
    ],
    [
      'ThinkCoffee, 248 Mercer Street, New York, NY 10012, United States',
      {
        name: 'ThinkCoffee',
        address: '248 Mercer Street',
        city: 'New York',
        stateprovince: 'NY',
        zip: '10012',
        country: 'United States',
      },
    ],
    [
      'Empire State Building, 350 5th Ave, New York, NY 10118, USA',
      {
        name: 'Empire State Building',
        address: '350 5th Ave',
        city: 'New York',
        stateprovince: 'NY',
        zip: '10118',
        country: 'USA',
      },
    ],
    ['Access Theater (380 Broadway, 4th Floor)', { name: 'Access Theater', address: '380 Broadway, 4th Floor' }],
    [
      'WeWork (115 W 18th St, 2nd Floor, New York, NY 10011)',
      { name: 'WeWork', address: '115 W 18th St, 2nd Floor', city: 'New York', stateprovince: 'NY', zip: '10011' },
    ],
    ['Seattle, WA', { name: 'Seattle, WA', city: 'Seattle', stateprovince: 'WA' }],
    ['Town Hall, Seattle, WA', { name: 'Town Hall', city: 'Seattle', stateprovince: 'WA' }],
    [
      'Fährgarten Johannstadt, Käthe-Kollwitz-Ufer 23b, 01307 Dresden',
      { name: 'Fährgarten Johannstadt', address: 'Käthe-Kollwitz-Ufer 23b', zip: '01307', city: 'Dresden' },
    ],
    [
      'Kulturpalast, Schloßstraße 2, 01067 Dresden, Deutschland',
      { name: 'Kulturpalast', address: 'Schloßstraße 2', zip: '01067', city: 'Dresden', country: 'Deutschland' },
    ],
    [
      'Salle Pleyel, 252 Rue du Faubourg Saint-Honoré, 75008 Paris, France',
      {
        name: 'Salle Pleyel',
        address: '252 Rue du Faubourg Saint-Honoré',
        zip: '75008',
        city: 'Paris',
        country: 'France',
      },
    ],
    [
      'Prime Minister’s Office, 10 Downing St, London SW1A 2AA',
      { name: 'Prime Minister’s Office', address: '10 Downing St', city: 'London', zip: 'SW1A 2AA' },
    ],
    [
      'The Crypt, 10 Downing St, London, SW1A 2AA, United Kingdom',
      {
        name: 'The Crypt',
        address: '10 Downing St',
        city: 'London',
        zip: 'SW1A 2AA',
        country: 'United Kingdom',
      },
    ],
    ['Hall A, 3 Long Road, Leeds', { name: 'Hall A', address: '3 Long Road', city: 'Leeds' }],
    ['Blue Room, 1 Main St, Lyon', { name: 'Blue Room', address: '1 Main St', city: 'Lyon' }],
    ['Blue Room, Lyon, France', { name: 'Blue Room', city: 'Lyon', country: 'France' }],
    ['Blue Room, Lyon', { name: 'Blue Room, Lyon' }],
    [
      'Blue Room\n1 Main St\nNew York NY 10001',
      { name: 'Blue Room', address: '1 Main St', city: 'New York', stateprovince: 'NY', zip: '10001' },
    ],
    [
      'Apple Park\n1 Apple Park Way\nCupertino, CA 95014\nUnited States',
      {
        name: 'Apple Park',
        address: '1 Apple Park Way',
        city: 'Cupertino',
        stateprovince: 'CA',
        zip: '95014',
        country: 'United States',
      },
    ],
    [
      'Roy Thomson Hall, 60 Simcoe St, Toronto, ON M5J 2H5, Canada',
      {
        name: 'Roy Thomson Hall',
        address: '60 Simcoe St',
        city: 'Toronto',
        stateprovince: 'ON',
        zip: 'M5J 2H5',
        country: 'Canada',
      },
    ],
    [
      '248 Mercer Street, New York, NY 10012',
      {
        name: '248 Mercer Street, New York, NY 10012',
        address: '248 Mercer Street',
        city: 'New York',
        stateprovince: 'NY',
        zip: '10012',
      },
    ],
    ['01307 Dresden', { name: '01307 Dresden', zip: '01307', city: 'Dresden' }],
    ['Conference Room 4', { name: 'Conference Room 4' }],
    ['Room 101', { name: 'Room 101' }],
    ['Smith, Jones & Co Hall', { name: 'Smith, Jones & Co Hall' }],
    ['Doe, John', { name: 'Doe, John' }],
    ['Église Hall', { name: 'Église Hall' }],
    ['Online', { name: 'Online' }],
    ['Online event', { name: 'Online event' }],
    ['  Blue   Room  ', { name: 'Blue Room' }],
    ['', { name: '' }],
    ['Studio 54 (Hall 2)', { name: 'Studio 54 (Hall 2)' }],
    ['Paris, France', { name: 'Paris, France', country: 'France' }],
    [
      'Le Bataclan, 50 Boulevard Voltaire, 75011 Paris',
      { name: 'Le Bataclan', address: '50 Boulevard Voltaire', zip: '75011', city: 'Paris' },
    ],
    [
      'Paradiso, Weteringschans 6-8, 1017 SG Amsterdam, Nederland',
      { name: 'Paradiso', address: 'Weteringschans 6-8', zip: '1017 SG', city: 'Amsterdam', country: 'Nederland' },
    ],
    [
      'Royal Albert Hall, Kensington Gore, London SW7 2AP',
      { name: 'Royal Albert Hall', address: 'Kensington Gore', city: 'London', zip: 'SW7 2AP' },
    ],
    [
      'Access Theater (380 Broadway, New York, NY)',
      { name: 'Access Theater', address: '380 Broadway', city: 'New York', stateprovince: 'NY' },
    ],
    [
      'Le Sucre, 50 Quai Rambaud, Lyon, 69002, France',
      { name: 'Le Sucre', address: '50 Quai Rambaud', city: 'Lyon', zip: '69002', country: 'France' },
    ],
    [
      'Town Hall, 1 Main St, Springfield, IL, 62701, United States',
      {
        name: 'Town Hall',
        address: '1 Main St',
        city: 'Springfield',
        stateprovince: 'IL',
        zip: '62701',
        country: 'United States',
      },
    ],
    [
      'Fährgarten Johannstadt (Käthe-Kollwitz-Ufer 23b, 01307 Dresden, Germany)',
      {
        name: 'Fährgarten Johannstadt',
        address: 'Käthe-Kollwitz-Ufer 23b',
        zip: '01307',
        city: 'Dresden',
        country: 'Germany',
      },
    ],
    ['Blue Room\nRear courtyard, Old Mill', { name: 'Blue Room', address: 'Rear courtyard, Old Mill' }],
    ['Blue Room\nLyon\nFrance', { name: 'Blue Room', city: 'Lyon', country: 'France' }],
    ['Blue Room\nLyon', { name: 'Blue Room', city: 'Lyon' }],
    ['Pier 39', { name: 'Pier 39' }],
    ['Café 1900', { name: 'Café 1900' }],
    ['1 Love Festival', { name: '1 Love Festival' }],
    ['Terminal 5, Heathrow', { name: 'Terminal 5, Heathrow' }],
    ['Hall 2, Messe Frankfurt', { name: 'Hall 2, Messe Frankfurt' }],
    ['Pier 39, San Francisco, CA', { name: 'Pier 39', city: 'San Francisco', stateprovince: 'CA' }],
    [
      'Bar 25, Holzmarktstraße 25, 10243 Berlin',
      { name: 'Bar 25', address: 'Holzmarktstraße 25', zip: '10243', city: 'Berlin' },
    ],
    [
      'Sala 1, Via Roma 10, 00184 Roma, Italia',
      { name: 'Sala 1', address: 'Via Roma 10', zip: '00184', city: 'Roma', country: 'Italia' },
    ],
    [
      'Jones & Co, 5 High Street, Oxford OX1 4AA, UK',
      { name: 'Jones & Co', address: '5 High Street', city: 'Oxford', zip: 'OX1 4AA', country: 'UK' },
    ],
    ['Festival, 2030', { name: 'Festival, 2030' }],
    ['https://zoom.us/j/123456789', { name: 'https://zoom.us/j/123456789' }],
    [
      'Gasthaus Zur Post, Hauptstraße 5, 80331 München',
      { name: 'Gasthaus Zur Post', address: 'Hauptstraße 5', zip: '80331', city: 'München' },
    ],
    [
      'Community Centre, 1600 Amphitheatre Pkwy, Mountain View, CA 94043',
      {
        name: 'Community Centre',
        address: '1600 Amphitheatre Pkwy',
        city: 'Mountain View',
        stateprovince: 'CA',
        zip: '94043',
      },
    ],
  ])('%s', (text, place) => {
    expect(parsePlace(text)).toEqual(place);
  });

  it('gives one name to the same place written in an .ics and in a CSV', () => {
    const ics = parsePlace('ThinkCoffee\\, 248 Mercer Street'.replace(/\\,/g, ','));
    const csv = parsePlace('ThinkCoffee, 248 Mercer Street, New York, NY 10012');
    expect(ics.name).toBe(csv.name);
  });
});
