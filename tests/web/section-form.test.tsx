// useSectionForm (the profile's email and password forms), rendered in happy-dom with the real API client
// over a fake network: the contract's check before any call, the fields emptied and a line saying what
// changed on success, and the API's field error at its field on failure.
// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordChangeSchema } from '../../contracts/profile';
import { FormMessage } from '../../web/components/form-message';
import { changePassword } from '../../web/features/profile/api';
import { useSectionForm } from '../../web/features/profile/use-section-form';
import { createApiClients } from '../../web/lib/api-client';
import { fakeFetch, type Scripted } from './fake-fetch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(...script: Scripted[]) {
  const net = fakeFetch(...script);
  const api = createApiClients({ fetch: net.fetch, navigate: () => {} });
  function PasswordForm() {
    const section = useSectionForm(PasswordChangeSchema, (input) => changePassword(api, input), () => 'Password changed.');
    return (
      <form onSubmit={section.onSubmit} {...section.form.formProps}>
        <input name="currentPassword" aria-label="Current" />
        <input name="newPassword" aria-label="New" />
        <p data-testid="field">{section.form.fields.currentPassword ?? ''}</p>
        <FormMessage {...section.status} />
        <button type="submit">Change</button>
      </form>
    );
  }
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<PasswordForm />));
  const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const submit = async () => {
    await act(async () => {
      host.querySelector('form')!.requestSubmit();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { net, host, input, submit };
}

describe('useSectionForm', () => {
  it('refuses input the contract refuses, without a call', async () => {
    const { net, host, submit } = render(204);
    await submit();
    expect(net.calls).toHaveLength(0);
    expect(host.querySelector('[role="alert"]')?.textContent).toMatch(/correct the highlighted/);
  });

  it('on success empties the fields and says what changed', async () => {
    const { net, host, input, submit } = render(204);
    input('currentPassword').value = 'old-password-1';
    input('newPassword').value = 'a-new-password-2';
    await submit();
    expect(net.calls.map((c) => c.url)).toEqual(['/api/profile/password']);
    expect(input('currentPassword').value).toBe('');
    expect(input('newPassword').value).toBe('');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Password changed.');
  });

  it('on an API field error shows it at the field and keeps what was typed', async () => {
    const { host, input, submit } = render({
      status: 400,
      json: { error: { code: 'validation_failed', message: 'Invalid', fields: { currentPassword: 'Wrong password' } } },
    });
    input('currentPassword').value = 'old-password-1';
    input('newPassword').value = 'a-new-password-2';
    await submit();
    expect(host.querySelector('[data-testid="field"]')?.textContent).toBe('Wrong password');
    expect(input('newPassword').value).toBe('a-new-password-2');
    expect(host.querySelector('[role="status"]')).toBeNull();
  });
});
