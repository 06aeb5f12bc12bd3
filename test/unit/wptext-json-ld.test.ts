/**
 * The JSON-LD description of a single record, against answers of a real WordPress 7.0 + The Events
 * Calendar 6.16.5 site (recorded by hand on 127.0.0.1:8080: the stored text, then the answer's
 * `json_ld.description`).
 */
import { describe, expect, it } from 'vitest';
import { escJs, eventJsonLdDescription, linkedJsonLdDescription } from '../../src/wptext/index.js';

describe('JSON-LD descriptions', () => {
  it('a venue: its content cut to words without tags, in a paragraph, through esc_js', () => {
    const stored = 'It\'s a "big" hall & more\n\nSecond <b>para</b> \\ slash';
    expect(linkedJsonLdDescription('', stored)).toBe(
      "&lt;p&gt;It\\'s a &quot;big&quot; hall &amp; more Second para  slash&lt;/p&gt;\\n",
    );
  });

  it('an event: shortcodes removed, its content cut to words, in a paragraph, through esc_js', () => {
    const stored = 'It\'s a "big" <i>night</i> & <b class="x">more</b> [gallery] here\n\nSecond para';
    expect(eventJsonLdDescription('', stored)).toBe(
      "&lt;p&gt;It\\'s a &quot;big&quot; night &amp; more here Second para&lt;/p&gt;\\n",
    );
  });

  it('an excerpt is kept whole, with its paragraphs', () => {
    expect(linkedJsonLdDescription('One\n\nTwo', 'ignored')).toBe('&lt;p&gt;One&lt;/p&gt;\\n&lt;p&gt;Two&lt;/p&gt;\\n');
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(eventJsonLdDescription('', long)).toBe(
      `&lt;p&gt;${long.split(' ').slice(0, 55).join(' ')} [&hellip;]&lt;/p&gt;\\n`,
    );
  });

  it('esc_js: references to an apostrophe become one, slashed; carriage returns go', () => {
    expect(escJs('a &#039; b &#x27; c\r\nd "e" <f>')).toBe("a \\' b \\' c\\nd &quot;e&quot; &lt;f&gt;");
  });
});
