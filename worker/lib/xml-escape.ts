// Text as XML 1.0 carries it (feeds, sitemaps): the five markup characters escaped, what XML cannot hold dropped.

// XML 1.0 allows neither most C0 controls nor lone surrogates, even escaped: they are dropped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const MARKUP = /[&<>"']/g;
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Two passes, not six: a full-text feed escapes every post's whole HTML. */
export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML, '').replace(MARKUP, (ch) => ESCAPED[ch]!);
}
