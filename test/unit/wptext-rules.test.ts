/**
 * WordPress's text rules (src/wptext/) one by one. The expected values are what a real site
 * (WordPress 7.0 + The Events Calendar 6.16.5, en_US) stored or answered for the same input; the
 * whole corpus, field by field, is in test/server/text-fidelity.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { antispambot } from '../../src/server/format/html.js';
import {
  decodeEntities,
  escHtml,
  ksesData,
  removeAccents,
  sanitizeTextField,
  sanitizeTitle,
  storedMetaLine,
  storedPostTitle,
  storedTermDescription,
  storedTermName,
  stripslashes,
  texturize,
  theContent,
  theExcerpt,
  theTitle,
  wpautop,
} from '../../src/wptext/index.js';

describe('wptexturize', () => {
  it.each([
    ["Kids' Club", 'Kids&#8217; Club'],
    ["'Tis the season", '&#8216;Tis the season'],
    ["Back to the '90s and the 1950's", 'Back to the &#8217;90s and the 1950&#8217;s'],
    ['The "Big" Quiz', 'The &#8220;Big&#8221; Quiz'],
    [`"It's 'fine'" he said`, "&#8220;It&#8217;s &#8216;fine'&#8221; he said"],
    [`A 6' 2" man, 5'10" and 12' board`, 'A 6&#8242; 2&#8243; man, 5&#8217;10&#8221; and 12&#8242; board'],
    ["``quoted'' text", '&#8220;quoted&#8221; text'],
    ["'tain't 'twere 'cause", '&#8217;tain&#8217;t &#8217;twere &#8217;cause'],
    ['Probe H & Co', 'Probe H &#038; Co'],
    ['Tom &amp; Jerry &#8217;', 'Tom &amp; Jerry &#8217;'],
    [
      'Probe I -- dash, a---b, a - b, 2020-2021, -- lead',
      'Probe I &#8212; dash, a&#8212;b, a &#8211; b, 2020-2021, &#8212; lead',
    ],
    ['Wait for it... and..... more', 'Wait for it&#8230; and&#8230;.. more'],
    ['3x4 and 1920x1080 and 3 x 4', '3&#215;4 and 1920&#215;1080 and 3 x 4'],
    ['Acme (tm) and (c)', 'Acme &#8482; and (c)'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['<code>"quoted" -- x</code> and "after"', '<code>"quoted" -- x</code> and &#8220;after&#8221;'],
    [
      '<a title="It\'s -- fine" href="?a=1&b=2">It\'s</a>',
      '<a title="It\'s -- fine" href="?a=1&#038;b=2">It&#8217;s</a>',
    ],
    ['Pic [caption width="3"]A "cap"[/caption]', 'Pic [caption width="3"]A &#8220;cap&#8221;[/caption]'],
    ['U [unknown a="1"]', 'U [unknown a=&#8221;1&#8243;]'],
  ])('%j → %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });
});

describe('wpautop', () => {
  it.each([
    ['', ''],
    ['   \n ', ''],
    ['Plain words', '<p>Plain words</p>\n'],
    ['  padded  ', '<p>  padded  </p>\n'],
    [
      'line one\nline two\n\npara two\r\nwindows line',
      '<p>line one<br />\nline two</p>\n<p>para two<br />\nwindows line</p>\n',
    ],
    ['a < b and c > d, 1 <2', '<p>a < b and c > d, 1 <2\n</p>\n'],
    ['<p>Already a paragraph</p>\n<p>Second</p>', '<p>Already a paragraph</p>\n<p>Second</p>\n'],
    [
      '<div>block</div> text\n\n<ul><li>one</li><li>two</li></ul>',
      '<div>block</div>\n<p> text</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    ],
    ['<code>x</code> and <pre>a... b</pre> after', '<p><code>x</code> and </p>\n<pre>a... b</pre>\n<p> after</p>\n'],
  ])('%j → %j', (input, expected) => {
    expect(wpautop(input)).toBe(expected);
  });
});

describe('the display filters', () => {
  it('titles: typography, lone ampersands, trimmed, WordPress spelled right', () => {
    expect(theTitle('Fish & Chips -- "Friday\'s" special...')).toBe(
      'Fish &#038; Chips &#8212; &#8220;Friday&#8217;s&#8221; special&#8230;',
    );
    expect(theTitle('Wordpress and (Wordpress)')).toBe('WordPress and (WordPress)');
  });

  it('contents: registered shortcodes run, the others stay; images get their loading hints; smilies', () => {
    expect(theContent('[caption]cap[/caption]')).toBe('cap\n');
    expect(theContent('G [gallery ids="1,2"] end')).toBe('<p>G  end</p>\n');
    expect(theContent('E [embed]https://example.org/video[/embed] end')).toBe(
      '<p>E <a href="https://example.org/video">https://example.org/video</a> end</p>\n',
    );
    expect(theContent('[[caption]] literal')).toBe('<p>[caption] literal</p>\n');
    expect(theContent('[tribe_event_details] x')).toBe('<p>[tribe_event_details] x</p>\n');
    expect(theContent('<img src="a.jpg" width="1" height="2">')).toBe(
      '<p><img loading="lazy" decoding="async" src="a.jpg" width="1" height="2"></p>\n',
    );
    expect(theContent('Happy :) ;-)')).toBe('<p>Happy \u{1f642} \u{1f609}</p>\n');
    expect(theContent('<!-- wp:paragraph -->\n<p>Block "one"</p>\n<!-- /wp:paragraph -->')).toBe(
      '\n<p class="wp-block-paragraph">Block &#8220;one&#8221;</p>\n',
    );
  });

  it('excerpts run no shortcodes but drop the paragraph around one', () => {
    expect(theExcerpt('[caption]cap[/caption]')).toBe('[caption]cap[/caption]\n');
    expect(theExcerpt('E [embed]x[/embed] end')).toBe('<p>E [embed]x[/embed] end</p>\n');
  });
});

describe('what a site stores', () => {
  it('post titles: trimmed and unslashed, scripts kept for an administrator, filtered otherwise', () => {
    expect(storedPostTitle('  C:\\path\\to \\" x  ', true)).toBe('C:pathto " x');
    expect(storedPostTitle('Before <script>alert("x")</script> after', true)).toBe(
      'Before <script>alert("x")</script> after',
    );
    expect(storedPostTitle('Before <script>alert("x")</script> <b>after</b>', false)).toBe(
      'Before alert("x") <b>after</b>',
    );
  });

  it('single-line meta: sanitize_text_field (tags, breaks, blanks, octets), unslashed', () => {
    expect(storedMetaLine(' 1  Main\nSt <b>x</b> ')).toBe('1 Main St x');
    expect(storedMetaLine('a < b and c > d, 1 <2')).toBe('a < b and c > d, 1 &lt;2');
    expect(storedMetaLine('100% sure %20 %zz')).toBe('100% sure %zz');
    expect(storedMetaLine('C:\\path')).toBe('C:path');
    expect(sanitizeTextField('<notatag and <3 love')).toBe('&lt;notatag and &lt;3 love');
  });

  it('term names: tags stripped, then the small kses set, then &, < and > escaped; quotes kept', () => {
    expect(storedTermName('Probe H & Co')).toBe('Probe H &amp; Co');
    expect(storedTermName('The "Big" Quiz')).toBe('The "Big" Quiz');
    expect(storedTermName('a < b and c > d, 1 <2')).toBe('a &lt;b&gt; d, 1 &lt;2');
    expect(storedTermName('R&D &unknown; &#99999999;')).toBe('R&amp;D &amp;unknown; &amp;#99999999;');
    expect(storedTermName('x <script>alert(1)</script>')).toBe('x');
  });

  it('term descriptions: kses with the small set (links keep safe schemes, comments tamed)', () => {
    expect(storedTermDescription('<a href="javascript:alert(1)">click</a>')).toBe('<a href="alert(1)">click</a>');
    expect(storedTermDescription('<a title="It\'s" href="?a=1&b=2">x</a>')).toBe(
      '<a title="It&apos;s" href="?a=1&amp;b=2">x</a>',
    );
    expect(storedTermDescription('Before <!-- a "c" -- here --> after')).toBe('Before <!-- a "c" - here --> after');
    expect(ksesData('<span onclick="e()">red</span> <img src="x.png">')).toBe('red ');
  });

  it('stripslashes as PHP does', () => {
    expect(stripslashes('a\\\\b\\c\\0d\\')).toBe('a\\bc\0d');
  });
});

describe('slugs', () => {
  it.each([
    ['Bad Slug!!', 'bad-slug'],
    ['Café & Bar', 'cafe-bar'],
    ['Déjà vu — über naïve, Straße Œuvre Ærø', 'deja-vu-uber-naive-strase-oeuvre-aero'],
    ['£5 €10 ¥20 $30 ₹40 ₿1', '5-e10-%c2%a520-30-%e2%82%b940-%e2%82%bf1'],
    ['Less < more', 'less-more'],
    ['a < b and c > d, 1 <2', 'a-b-and-c-d-1'],
    ['<notatag and <3 love', ''],
    ['Cafe\u0301 vs Café, A\u030a', 'cafe-vs-cafe-a'],
    ['100% sure %20 %zz', '100-sure-%20-zz'],
    ['zero\u200bwidth and soft\u00adhyphen', 'zerowidth-and-softhyphen'],
    ['日本語のイベント', '%e6%97%a5%e6%9c%ac%e8%aa%9e%e3%81%ae%e3%82%a4%e3%83%99%e3%83%b3%e3%83%88'],
    ['v1.2/beta', 'v1-2-beta'],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeTitle(input)).toBe(expected);
  });

  it('caps slugs at 200 characters and reads German letters the German way on a German site', () => {
    expect(sanitizeTitle('a'.repeat(250))).toHaveLength(200);
    expect(removeAccents('Straße Öl', 'de_DE')).toBe('Strasse Oel');
  });
});

describe('references', () => {
  it('decodes what a browser reads, escapes as esc_html', () => {
    expect(decodeEntities('Kids&#8217; Club &#038; Co &hellip; &amp;amp;')).toBe('Kids\u2019 Club & Co \u2026 &amp;');
    expect(escHtml('R&D &unknown; "x" \'y\' <b>')).toBe('R&amp;D &amp;unknown; &quot;x&quot; &#039;y&#039; &lt;b&gt;');
  });
});

describe('antispambot', () => {
  it('hides an address in references that decode back to it', () => {
    const out = antispambot('info@example.com');
    expect(decodeEntities(out)).toBe('info@example.com');
    expect(out).not.toContain('@');
    expect(out.startsWith('&#105;n&#x66;')).toBe(true);
  });
});
