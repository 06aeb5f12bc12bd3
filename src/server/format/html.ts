/**
 * `antispambot` as organizer e-mails come out of the plugin's JSON-LD. (WordPress's other text
 * filters — typography, paragraphs, kses, escaping — live in src/wptext/, shared with the client.)
 */

/**
 * Obfuscates an e-mail address like WordPress's `antispambot`, but deterministically so that
 * responses and tests are stable: characters cycle through decimal entity, literal, hex entity.
 * `@` is always encoded, as in WordPress. Decoding the entities gives back the address.
 */
export function antispambot(email: string): string {
  let out = '';
  let i = 0;
  for (const ch of email) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '@') out += '&#64;';
    else if (i % 3 === 0) out += `&#${code};`;
    else if (i % 3 === 1) out += ch;
    else out += `&#x${code.toString(16)};`;
    i++;
  }
  return out;
}
