/**
 * The one message catalog of the descriptions the server gives (its routes' parameters): the English
 * text written beside each field and parameter in the catalog is the key and the `en_US` message;
 * a translation maps it to the site's language. A site chooses its language with one setting
 * (WordPress's WPLANG, `calctl serve --locale`); names, types and defaults never change with it, and
 * calctl never depends on a description's words.
 */
import { FR_FR } from './fr-fr.js';

/** The languages the server can describe itself in (WordPress locale codes); en_US first, the default. */
export const LOCALES = ['en_US', 'fr_FR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

const TRANSLATIONS: Readonly<Record<Locale, Readonly<Record<string, string>> | null>> = {
  en_US: null,
  fr_FR: FR_FR,
};

export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * The message for `english` in `locale`: its translation, or the English text when the locale has
 * none for it (as gettext falls back to the original) or the locale is not one of {@link LOCALES}.
 */
export function message(locale: string | undefined, english: string): string {
  if (locale === undefined || !isLocale(locale)) return english;
  return TRANSLATIONS[locale]?.[english] ?? english;
}

/** The English messages a locale translates (for the test that every description the server gives has one). */
export const translated = (locale: Locale): ReadonlySet<string> => new Set(Object.keys(TRANSLATIONS[locale] ?? {}));
