/**
 * A place as people write it in one line (an iCalendar LOCATION, a CSV "Location" cell): the venue's
 * name and, where they can be told, its address parts. Pure: no site is asked.
 *
 * US and Canadian addresses are read by `addresser` (which knows the states, provinces and their
 * cities); the postal forms it does not know are read from their shape: a street with its number
 * ("248 Mercer Street", "Käthe-Kollwitz-Ufer 23b"), "zip city" ("01307 Dresden", "75008 Paris"),
 * a British postcode ("London SW1A 2AA"), a trailing country name (in English, German, French,
 * Spanish, Italian or Dutch, from the runtime's own region names).
 *
 * Conservative: a line is split into a name and an address only when the rest reads as an address
 * (a street with a number, a postal code, a known US city and state); otherwise the whole line is
 * the name ("Smith, Jones & Co Hall"). A line that is only a city ("Seattle, WA") keeps the whole
 * line as its name, with the city and state as its address parts, so no venue is called after half
 * of it. A line with no separate name ("248 Mercer Street, New York, NY 10012") is named by the
 * whole line.
 */
import addresser from 'addresser';
import { VENUE_ADDRESS_FIELDS } from '../catalog/index.js';

/** A place: the venue's name and its address parts, named as the venue fields (catalog/venues.ts). */
export interface Place {
  /** the venue's name: what the same place is found by, from an .ics or a CSV alike */
  name: string;
  /** street address (with a floor or suite when written with it) */
  address?: string;
  city?: string;
  /** state or province as one text (`stateprovince`) */
  stateprovince?: string;
  zip?: string;
  country?: string;
}

type Parts = Omit<Place, 'name'>;

/** A place's address parts as fields to create its venue with (none: undefined). */
export function placeDetails(place: Parts): Record<string, string> | undefined {
  const details: Record<string, string> = {};
  for (const field of VENUE_ADDRESS_FIELDS) {
    const v = place[field];
    if (v !== undefined && v !== '') details[field] = v;
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

/** Words of a room or a floor, never of a street ("Room 101", "4th Floor", "Hall 3"). */
const UNIT =
  /^(?:room|rm|hall|floor|fl|level|suite|ste|unit|apt|apartment|building|bldg|stage|studio|gate|platform|booth|stand|saal|raum|etage|stock|og|eg|halle|salle|étage|bâtiment|aula|sala|piso|zaal)\b/i;
const UNIT_ANYWHERE =
  /\b(?:floor|fl\.?|level|suite|ste\.?|unit|apt\.?|room|rm\.?|building|bldg\.?|etage|stock|og|étage|bâtiment)\b/i;

/** "01307 Dresden", "75008 Paris", "1012 AB Amsterdam", "00-950 Warszawa", "D-01307 Dresden". */
const ZIP_CITY =
  /^(\d{4}\s?[A-Z]{2}(?=\s)|(?:[A-Z]{1,2}-)?\d{4,5}|\d{2}-\d{3}|\d{3}\s\d{2})\s+(\p{L}[\p{L}\p{M} .'’()/-]*)$/u;
/** A street with its number first ("248 Mercer Street", "12 rue de Rivoli", "10 Downing St"). */
const NUMBER_FIRST = /^\d+[a-z]?(?:[-/]\d+[a-z]?)?\s+(?:\p{L}|\d+(?:st|nd|rd|th)\b)/iu;
/** A street with its number last ("Käthe-Kollwitz-Ufer 23b", "Hauptstraße 5-7", "Calle Mayor 10"). */
const NUMBER_LAST = /^\p{L}[\p{L}\p{M} .'’-]*?(\p{L}+)\.?\s\d+\s?[a-z]?(?:\s?[-/]\s?\d+[a-z]?)?$/iu;
/** The last word of a street's name ("… Street", "…straße", "rue …" is first: see ZIP_CITY's use). */
const STREET_END =
  /(?:\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|way|lane|ln|dr|drive|pl|place|sq|square|ct|court|hwy|highway|pkwy|parkway|ter|terrace|row|walk|close)|stra(?:ß|ss)e|str|weg|platz|gasse|allee|ufer|damm|ring)\.?$/iu;

/**
 * Whether a part is a street with its number. `last`: the part ends the line, where "01307 Dresden"
 * is a postal code and a city, not a street (unless it ends as a street does: "1600 Main Street").
 */
function isStreet(part: string, last = false): boolean {
  if (UNIT.test(part)) return false;
  if (last && ZIP_CITY.test(part) && !STREET_END.test(part)) return false;
  if (NUMBER_FIRST.test(part)) return true;
  const m = NUMBER_LAST.exec(part);
  if (m === null || UNIT.test(m[1] as string)) return false;
  // The number after the name ("Käthe-Kollwitz-Ufer 23b", "Via Roma 10"): only with a street's word,
  // so that "Pier 39", "Café 1900" or "Bar 25" stay names.
  return STREET_AFTER.test(m[1] as string) || STREET_BEFORE.test(part);
}

/** The last word of a street named before its number (German, Dutch, Nordic …). */
const STREET_AFTER =
  /(?:stra(?:ß|ss)e|str|weg|platz|gasse|allee|ufer|damm|ring|markt|chaussee|straat|gracht|laan|plein|kade|schans|dijk|singel|steeg|gatan|gata|gate|gade|vej|vägen|väg|katu|tie)$/iu;
/** The first word of a street named before its number (Italian, Spanish, Portuguese, Polish …). */
const STREET_BEFORE =
  /^(?:via|viale|piazza|piazzale|corso|largo|vicolo|calle|avenida|avda\.?|plaza|paseo|carrer|rua|travessa|ulica|ul\.|aleja|al\.)\s/iu;

/** A British postcode. */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i;
/** "London SW1A 2AA". */
const CITY_UK_POSTCODE = /^(\p{L}[\p{L}\p{M} .'’-]*?)\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/iu;
/** A city: words only, no digits. */
const WORDS = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** "WA", "WA 98101", "ON M5H 2N2": a US state or Canadian province (checked against addresser's). */
const STATE_ZIP = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d))?$/;
/** "New York NY 10001": the city, state and zip in one part. */
const CITY_STATE_ZIP = /^(\p{L}[\p{L}\p{M} .'’-]*?)\s+([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d))?$/u;

let stateCities: Map<string, Set<string>> | undefined;
/** addresser's US states and Canadian provinces with their cities, by code (lower-case names). */
function statesOf(): Map<string, Set<string>> {
  if (!stateCities) {
    stateCities = new Map();
    for (const [code, names] of Object.entries(addresser.cities())) {
      stateCities.set(code, new Set(names.map((n) => n.toLowerCase())));
    }
  }
  return stateCities;
}

let countryNames: Set<string> | undefined;
/** Country names as people write them after an address, lower case. */
function countries(): Set<string> {
  if (countryNames) return countryNames;
  const names = new Set([
    'usa',
    'u.s.a.',
    'us',
    'u.s.',
    'united states of america',
    'uk',
    'u.k.',
    'england',
    'scotland',
    'wales',
    'northern ireland',
  ]);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const lang of ['en', 'de', 'fr', 'es', 'it', 'nl']) {
    let display: Intl.DisplayNames;
    try {
      display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      continue;
    }
    for (const a of letters) {
      for (const b of letters) {
        const name = display.of(`${a}${b}`);
        if (name && name !== `${a}${b}`) names.add(name.toLowerCase());
      }
    }
  }
  countryNames = names;
  return names;
}

const isCountry = (part: string) => countries().has(part.toLowerCase());

/** A US city with its state (and zip), as addresser knows them: "Seattle, WA", "New York NY 10001". */
function cityState(city: string, state: string, zip?: string): Parts | undefined {
  const cities = statesOf().get(state);
  if (!cities) return undefined;
  if (!cities.has(city.toLowerCase()) && zip === undefined) return undefined;
  return { city, stateprovince: state, ...(zip ? { zip } : {}) };
}

/**
 * The end of an address: its city, state or province, postal code, from the last parts. Returns the
 * parts it took and how many parts they were.
 */
function tailOf(
  parts: readonly string[],
  allowPlainCity: boolean,
  ownForm = true,
): { tail: Parts; used: number } | undefined {
  const last = parts[parts.length - 1];
  if (last === undefined) return undefined;
  const before = parts[parts.length - 2];
  const sz = STATE_ZIP.exec(last);
  if (sz && before !== undefined && WORDS.test(before)) {
    const found = cityState(before, sz[1] as string, sz[2]);
    if (found) return { tail: found, used: 2 };
  }
  const csz = CITY_STATE_ZIP.exec(last);
  if (csz) {
    const found = cityState(csz[1] as string, csz[2] as string, csz[3]);
    if (found) return { tail: found, used: 1 };
  }
  const zc = ZIP_CITY.exec(last);
  if (zc) return { tail: { zip: zc[1] as string, city: (zc[2] as string).trim() }, used: 1 };
  const cp = CITY_UK_POSTCODE.exec(last);
  if (cp && !UNIT.test(last)) return { tail: { city: cp[1] as string, zip: (cp[2] as string).toUpperCase() }, used: 1 };
  if (UK_POSTCODE.test(last)) {
    if (before !== undefined && WORDS.test(before) && !UNIT.test(before)) {
      return { tail: { city: before, zip: last.toUpperCase() }, used: 2 };
    }
    return { tail: { zip: last.toUpperCase() }, used: 1 };
  }
  const own = ownForm ? ownOrder(parts) : undefined;
  if (own) return own;
  if (allowPlainCity && WORDS.test(last) && !UNIT.test(last) && !UNIT_ANYWHERE.test(last)) {
    return { tail: { city: last }, used: 1 };
  }
  return undefined;
}

/** A postal code alone: US, most of Europe, Sweden, the Netherlands, Canada. */
const LONE_ZIP = /^(?:\d{5}(?:-\d{4})?|\d{4}|\d{3} \d{2}|\d{4} ?[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/;

/**
 * The order the plugin's own feed writes (`get_address_full_string`): the city, the state or
 * province and the postal code each a part of their own ("Lyon, 69002", "Springfield, IL, 62701").
 * Needs the city and the postal code ("Festival, 2030" is a name).
 */
function ownOrder(parts: readonly string[]): { tail: Parts; used: number } | undefined {
  let n = parts.length;
  const zip = parts[n - 1];
  if (zip === undefined || !LONE_ZIP.test(zip)) return undefined;
  n--;
  const state = parts[n - 1];
  const hasState = state !== undefined && /^[A-Z]{2}$/.test(state) && statesOf().has(state);
  if (hasState) n--;
  const city = parts[n - 1];
  const tail: Parts = { zip, ...(hasState ? { stateprovince: state } : {}) };
  if (city === undefined || !WORDS.test(city) || UNIT.test(city)) return undefined;
  return { tail: { city, ...tail }, used: parts.length - n + 1 };
}

/**
 * A US or Canadian street address read by addresser ("248 Mercer Street, New York, NY 10012"): the
 * street as written (addresser writes "St" for "Street"), the city as written.
 */
function northAmerican(rest: string): Parts | undefined {
  let parsed: ReturnType<typeof addresser.parseAddress>;
  try {
    parsed = addresser.parseAddress(rest);
  } catch {
    return undefined;
  }
  const city = parsed.placeName;
  const state = parsed.stateAbbreviation;
  if (!city || !state || !parsed.streetNumber) return undefined;
  // The state as written: its code in capitals or its name, never a word of a name ("Co").
  if (!new RegExp(`\\b${state}\\b`).test(rest) && !rest.toLowerCase().includes(parsed.stateName.toLowerCase())) {
    return undefined;
  }
  const at = rest.toLowerCase().lastIndexOf(city.toLowerCase());
  if (at <= 0) return undefined;
  const address = rest.slice(0, at).replace(/[\s,]+$/, '');
  if (address === '') return undefined;
  return {
    address,
    city: rest.slice(at, at + city.length),
    stateprovince: state,
    ...(parsed.zipCode ? { zip: parsed.zipCode } : {}),
  };
}

/** The address parts of the text after a name (or all of it), when it reads as an address. */
function addressOf(parts: readonly string[]): Parts | undefined {
  if (parts.length === 0) return undefined;
  const na = northAmerican(parts.join(', '));
  if (na) return na;
  const street = parts.findIndex((p, i) => isStreet(p, i === parts.length - 1));
  if (street === -1) return undefined;
  const after = parts.slice(street + 1);
  // After the street: a floor or suite stays in the address; the city, zip and state end it.
  const found = tailOf(after, !after.every((p) => UNIT_ANYWHERE.test(p)));
  const kept = found ? parts.slice(0, parts.length - found.used) : parts;
  return { address: kept.join(', '), ...(found?.tail ?? {}) };
}

const compact = (place: Place): Place =>
  Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined && v !== '')) as unknown as Place;

/**
 * Reads a place written in one line: `Name, street, city, ST zip`, `Name (street, floor)`,
 * `Name\nstreet\ncity` (Apple), `street zip city` forms of Europe, a trailing country.
 */
export function parsePlace(text: string): Place {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim().replace(/,$/, '').trim())
    .filter((l) => l !== '');
  const whole = lines.join(', ');
  if (whole === '') return { name: '' };

  // "Access Theater (380 Broadway, 4th Floor)": the address in parentheses.
  const paren = /^(.+?)\s*\(([^()]+)\)$/.exec(whole);
  if (paren) {
    const inner = (paren[2] as string).split(',').map((p) => p.trim());
    const innerCountry = inner.length > 1 && isCountry(inner[inner.length - 1] as string) ? inner.pop() : undefined;
    const found = addressOf(inner);
    if (found) {
      return compact({
        name: (paren[1] as string).trim(),
        ...found,
        ...(innerCountry ? { country: innerCountry } : {}),
      });
    }
  }

  const parts = whole
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  let country: string | undefined;
  if (parts.length > 1 && isCountry(parts[parts.length - 1] as string)) country = parts.pop();
  const withCountry = (p: Place): Place => compact({ ...p, ...(country ? { country } : {}) });

  // Only an address: the street first ("248 Mercer Street, New York, NY 10012").
  // ("1 Love Festival" alone is a name: an address has more than its street.)
  if (parts.length > 1 && parts[0] !== undefined && isStreet(parts[0])) {
    const found = addressOf(parts);
    if (found) return withCountry({ name: whole, ...found });
  }
  // A name, then the address.
  for (let i = 1; i < parts.length; i++) {
    if (!isStreet(parts[i] as string, i === parts.length - 1)) continue;
    const found = addressOf(parts.slice(i));
    if (found) return withCountry({ name: parts.slice(0, i).join(', '), ...found });
  }
  // No street: only a city ("Seattle, WA", "01307 Dresden") keeps the whole line as its name.
  const cityOnly = tailOf(parts, false, false);
  if (cityOnly && cityOnly.used === parts.length) return withCountry({ name: whole, ...cityOnly.tail });
  // A name and a city ("Town Hall, Seattle, WA", "Fährgarten, 01307 Dresden"; "Blue Room, Lyon, France"
  // only with the country written, which tells the last part is a city).
  const tail = tailOf(parts, country !== undefined && parts.length === 2);
  if (tail && tail.used < parts.length) {
    const rest = parts.slice(0, parts.length - tail.used);
    // With a postal code or a state, the parts between the name and the city are its street
    // ("Royal Albert Hall, Kensington Gore, London SW7 2AP").
    const street = rest.length > 1 && (tail.tail.zip !== undefined || tail.tail.stateprovince !== undefined);
    return withCountry({
      name: street ? (rest[0] as string) : rest.join(', '),
      ...(street ? { address: rest.slice(1).join(', ') } : {}),
      ...tail.tail,
    });
  }
  // Apple's "name\naddress": a line break is where the name ends, even with an address not read.
  if (lines.length > 1 && parts.length > 1) {
    const first = lines[0] as string;
    const rest = parts.slice(first.split(',').length).join(', ');
    if (rest !== '') {
      // one line of words after the name is its city ("Blue Room\nLyon")
      const city = !rest.includes(',') && WORDS.test(rest) && !UNIT_ANYWHERE.test(rest);
      return withCountry({ name: first, ...(city ? { city: rest } : { address: rest }) });
    }
  }
  return withCountry({ name: whole });
}
