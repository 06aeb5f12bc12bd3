import { describe, expect, it } from 'vitest';
import { antispambot, escHtml, kses, stripTags, wpautop } from '../../src/server/format/html.js';

describe('wpautop', () => {
  it.each([
    ['', ''],
    ['   \n ', ''],
    ['Event 01 description', '<p>Event 01 description</p>'],
    ['Form <b>encoded</b> x', '<p>Form <b>encoded</b> x</p>'],
    ['  padded  ', '<p>padded</p>'],
    ['one\n\ntwo', '<p>one</p>\n<p>two</p>'],
    ['one\r\n\r\n\r\ntwo', '<p>one</p>\n<p>two</p>'],
    ['line one\nline two', '<p>line one<br />\nline two</p>'],
    ['<p>already</p>', '<p>already</p>'],
    ['<div class="x">block</div>', '<div class="x">block</div>'],
    ['<h2>Title</h2>', '<h2>Title</h2>'],
    ['<ul><li>a</li></ul>', '<ul><li>a</li></ul>'],
    ['<blockquote>q</blockquote>', '<blockquote>q</blockquote>'],
    ['<b>bold</b> start', '<p><b>bold</b> start</p>'],
  ])('%j → %j', (input, expected) => {
    expect(wpautop(input)).toBe(expected);
  });
});

describe('escHtml', () => {
  it.each([
    ['Arts & Crafts', 'Arts &amp; Crafts'],
    ['Arts &amp; Crafts', 'Arts &amp; Crafts'],
    ['It&#039;s', 'It&#039;s'],
    ['&#x27;hex&#X;', '&#x27;hex&amp;#X;'],
    ['<b>"hi"</b>', '&lt;b&gt;&quot;hi&quot;&lt;/b&gt;'],
    ["Rock 'n' roll", 'Rock &#039;n&#039; roll'],
    ['AT&T', 'AT&amp;T'],
    ['plain', 'plain'],
  ])('%j → %j', (input, expected) => {
    expect(escHtml(input)).toBe(expected);
  });
});

describe('stripTags', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['a<script>alert(1)</script>b', 'ab'],
    ['<style>p{}</style> text ', 'text'],
    ['x <!-- note --> y', 'x  y'],
    ['no tags', 'no tags'],
  ])('%j → %j', (input, expected) => {
    expect(stripTags(input)).toBe(expected);
  });
});

describe('kses', () => {
  it.each([
    [
      '<p>Hi <strong>there</strong> <a href="https://x.test">link</a></p>',
      '<p>Hi <strong>there</strong> <a href="https://x.test">link</a></p>',
    ],
    ['before<script>alert(1)</script>after', 'beforeafter'],
    ['<style>body{}</style>text', 'text'],
    ['<script src="x.js">', ''],
    ['<img src="a.png" onerror="alert(1)" alt="a">', '<img src="a.png" alt="a">'],
    ['<div onclick=\'x()\' class="c">d</div>', '<div class="c">d</div>'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    ['<a href=" JavaScript:void(0)">x</a>', '<a href="void(0)">x</a>'],
  ])('%j → %j', (input, expected) => {
    expect(kses(input)).toBe(expected);
  });
});

describe('antispambot', () => {
  const decode = (s: string): string =>
    s
      .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)));

  it.each(['info@example.com', 'a.b+c@sub.example.org', 'x@y.z'])('%s decodes back and is stable', (email) => {
    const out = antispambot(email);
    expect(decode(out)).toBe(email);
    expect(antispambot(email)).toBe(out);
    expect(out).not.toContain('@');
  });

  it('mixes literal characters, decimal and hex entities', () => {
    const out = antispambot('info@example.com');
    expect(out).toMatch(/&#\d+;/);
    expect(out).toMatch(/&#x[0-9a-f]+;/);
    expect(out).toMatch(/(^|;)[a-z.]/);
    expect(out.startsWith('&#105;n&#x66;')).toBe(true);
  });
});
