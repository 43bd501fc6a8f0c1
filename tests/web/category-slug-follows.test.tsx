// The admin's category form: a new category's slug follows its name (the editor's rule, web/lib/following-slug.ts)
// until the slug is edited, and a made slug is left to the Worker; a saved category's slug never follows.
// The real page in happy-dom under a memory router, with the real API client over a fake network.
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCategory } from '../../contracts/admin';
import { Component as CategoryFormPage } from '../../web/features/admin/category-form-page';
import type { Scripted } from './fake-fetch';
import { cleanup, renderRoutes, settle } from './render-in-router';

afterEach(cleanup);

const saved: AdminCategory = { slug: 'field-notes', name: 'Field notes', description: '', postCount: 0, totalCount: 0 };

function render(category: AdminCategory | null, ...script: Scripted[]) {
  const routes = [
    { path: '/admin/category/create', Component: CategoryFormPage, loader: () => null },
    { path: '/admin/category/:slug', Component: CategoryFormPage, loader: () => category },
    { path: '*', Component: () => <p>Arrived</p> },
  ];
  const url = category ? `/admin/category/${category.slug}` : '/admin/category/create';
  const { net, host } = renderRoutes(routes, url, script.length > 0 ? script : [500]);
  const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  // A controlled input learns of typing from the value setter plus an input event, as in a browser.
  const type = (name: string, value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(name), value);
      input(name).dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = async () => {
    act(() => host.querySelector('form')!.requestSubmit());
    await settle();
  };
  return { net, input, type, submit };
}

describe('the category form’s slug', () => {
  it('follows the name of a new category until it is edited', async () => {
    const { input, type } = render(null);
    await settle();
    type('name', 'Łódź Straße');
    expect(input('slug').value).toBe('lodz-strasse');
    type('name', 'Łódź Straße notes');
    expect(input('slug').value).toBe('lodz-strasse-notes');
    type('slug', 'my-own');
    type('name', 'Something else');
    expect(input('slug').value).toBe('my-own');
  });

  it('a slug made from the name is not sent (the Worker picks a free one); an edited one is', async () => {
    const made = render(null, { status: 201, json: { category: saved } });
    await settle();
    made.type('name', 'Field notes');
    await made.submit();
    expect(JSON.parse(String(made.net.calls[0]!.init.body))).toEqual({ name: 'Field notes', description: '' });
    cleanup();
    const edited = render(null, { status: 201, json: { category: saved } });
    await settle();
    edited.type('name', 'Field notes');
    edited.type('slug', 'notes');
    await edited.submit();
    expect(JSON.parse(String(edited.net.calls[0]!.init.body))).toEqual({ name: 'Field notes', description: '', slug: 'notes' });
  });

  it('a saved category keeps its slug when its name changes', async () => {
    const { input, type } = render(saved);
    await settle();
    expect(input('slug').value).toBe('field-notes');
    type('name', 'Notes from the field');
    expect(input('slug').value).toBe('field-notes');
  });
});
