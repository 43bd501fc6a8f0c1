// One form field component for every control: an input, a select, a textarea and a checkbox each get their
// label, hint and error the same way through Field (web/components/form-field.tsx) — aria-invalid while an
// error shows, and aria-describedby naming the visible message — and no page sets those attributes itself.
// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../web/components/form-field';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The control that `field` renders, in the document (as the server sends it, before any hydration). */
function rendered(field: ReactElement, tag: string): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(field);
  return document.querySelector<HTMLElement>(tag)!;
}

const describedTexts = (control: HTMLElement): string[] =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);

const kinds = (error?: string) => [
  { kind: 'input', tag: 'input', field: <FormField label="Title" name="title" hint="A short title" error={error} /> },
  {
    kind: 'select',
    tag: 'select',
    field: (
      <SelectField label="Category" name="category" hint="Where it is listed" error={error}>
        <option value="news">News</option>
      </SelectField>
    ),
  },
  { kind: 'textarea', tag: 'textarea', field: <TextAreaField label="Bio" name="bio" hint="A few lines" error={error} /> },
  { kind: 'checkbox', tag: 'input[type="checkbox"]', field: <CheckboxField label="Notify me" name="notify" hint="By email" error={error} /> },
];

describe('Field: every kind of control', () => {
  for (const { kind, tag, field } of kinds('This needs fixing')) {
    it(`a ${kind} with an error: aria-invalid, and aria-describedby names its hint and the visible error message`, () => {
      const control = rendered(field, tag);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      expect(describedTexts(control)).toEqual([expect.stringMatching(/^(A short title|Where it is listed|A few lines|By email)$/), 'This needs fixing']);
      const message = document.querySelector('.field-error')!;
      expect([message.textContent, message.getAttribute('role')]).toEqual(['This needs fixing', 'alert']);
      expect(document.querySelector(`label[for="${control.id}"]`)?.textContent).toBeTruthy();
      expect(control.getAttribute('name')).toBeTruthy();
    });
  }

  for (const { kind, tag, field } of kinds(undefined)) {
    it(`a ${kind} without an error: not invalid, described by its hint only, no message`, () => {
      const control = rendered(field, tag);
      expect(control.hasAttribute('aria-invalid')).toBe(false);
      expect(describedTexts(control)).toHaveLength(1);
      expect(document.querySelector('.field-error')).toBeNull();
    });
  }
});

// Every source file of the web app, keyed by its path from the repository root.
const SOURCES = Object.entries(import.meta.glob<string>('/web/**/*.tsx', { query: '?raw', import: 'default', eager: true })).map(
  ([path, text]) => ({ path: path.slice(1), text }),
);

it('no page or component sets aria-invalid, or renders a field error, except through Field', () => {
  expect(SOURCES.length).toBeGreaterThan(20);
  const own = SOURCES.filter((f) => f.path !== 'web/components/form-field.tsx' && /aria-invalid|<FieldError\b/.test(f.text)).map((f) => f.path);
  expect(own).toEqual([]);
});
