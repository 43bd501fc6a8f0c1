// The XSS corpus and the check that HTML is inert: post bodies (content-xss.test.ts) and comments
// (comments-xss.test.ts) are held to the same payloads and the same allow-list.
import { expect } from 'vitest';

export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](<java\tscript:alert(1)>)',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;avascript&#x3A;alert(1))',
  '[click](javascript&colon;alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click](\u0001javascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click](file:///etc/passwd)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/" onmouseover="alert(1))',
  '![a](https://example.com/a.png "title\\" onerror=\\"alert(1)")',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  'www.example.com/"onmouseover="alert(1)',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  '<!-- --><script>alert(1)</script>',
  '<style>@import "javascript:alert(1)";</style>',
];

const ALLOWED_TAGS = new Set([
  'p', 'a', 'img', 'em', 'strong', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br', 'hr', 's', 'mark',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'rel', 'loading', 'decoding', 'referrerpolicy', 'class', 'start', 'style']);

/**
 * Every `<` of `html` opens a well-formed tag on the allow-list (attribute values double-quoted, with
 * quotes inside escaped), and every URL is http(s), mailto, relative or /media/.
 */
export function expectInertHtml(html: string, context: string): void {
  const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/y;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    TAG.lastIndex = at;
    const m = TAG.exec(html);
    expect(m, `${context}: raw markup at ${html.slice(at, at + 60)} in ${html}`).not.toBeNull();
    const [, , tag = '', attrs = ''] = m!;
    expect(ALLOWED_TAGS.has(tag.toLowerCase()), `${context}: tag <${tag}> in ${html}`).toBe(true);
    for (const a of attrs.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
      const [, name = '', value = ''] = a;
      expect(ALLOWED_ATTRS.has(name.toLowerCase()), `${context}: attribute ${name} in ${html}`).toBe(true);
      if (name === 'href' || name === 'src') {
        const decoded = value.replace(/&amp;/g, '&').toLowerCase();
        expect(/^(https?:|mailto:|\/|#|\?|[^:]*$)/.test(decoded), `${context}: URL ${value}`).toBe(true);
      }
      if (name === 'style') expect(value, context).toMatch(/^text-align:(left|right|center)$/);
    }
  }
  expect(html, context).not.toMatch(/<script/i);
}
