// scriptSafeJson: the JSON data blocks of the document (boot and router data) can never end their
// <script> element early, and read back to the same value.
import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../../web/app/boot-data';

describe('scriptSafeJson', () => {
  it('escapes <, >, U+2028 and U+2029, and parses back to the same value', () => {
    const value = { body: '</script><script>alert(1)</script> <!-- a\u2028b\u2029c -->', n: [1, null, 'x'] };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u2028');
    expect(JSON.parse(text)).toEqual(value);
  });
});
