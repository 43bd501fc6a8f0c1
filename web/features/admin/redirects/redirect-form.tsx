// The add form of /admin/redirects: from, to and 301/302, checked by the shared contract first; the
// Worker's 422 names its field, a taken `from` (409) is shown at From. Cleared once a redirect is added.
import { useState, type FormEvent } from 'react';
import { REDIRECT_ADDRESS_MAX, RedirectInputSchema, type Redirect } from '../../../../contracts/redirects';
import { FormField, SelectField } from '../../../components/form-field';
import { FormActions, FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import { formValues, useFormSubmit } from '../../../lib/use-form-submit';
import { addRedirect } from './redirects-api';

/** The form's typed values as the contract takes them: the status select's text as a number. */
export const redirectInput = (typed: Record<string, string>) => ({ from: typed.from ?? '', to: typed.to ?? '', status: Number(typed.status ?? 301) });

export function AddRedirectForm({ onAdded }: { onAdded: (redirect: Redirect) => void }) {
  const api = useApi();
  const form = useFormSubmit(RedirectInputSchema, (input) => addRedirect(api, input));
  // A new key empties the fields once a redirect is added.
  const [round, setRound] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit(redirectInput(formValues(e.currentTarget)));
    if (!result) return;
    setRound((n) => n + 1);
    onAdded(result.redirect);
  }

  return (
    <form key={round} className="admin-form redirect-form" onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} aria-labelledby="redirect-add-heading">
      <h2 id="redirect-add-heading">Add a redirect</h2>
      <FormField
        label="From"
        name="from"
        required
        maxLength={REDIRECT_ADDRESS_MAX}
        autoCapitalize="off"
        spellCheck={false}
        placeholder="/old-address"
        hint="An old address on this site: /2019/05/old-post, or WordPress's /?p=123. Only followed where nothing else answers."
        error={form.fields.from}
      />
      <FormField
        label="To"
        name="to"
        required
        maxLength={REDIRECT_ADDRESS_MAX}
        autoCapitalize="off"
        spellCheck={false}
        placeholder="/details/new-address"
        hint="An address on this site, or an https:// address elsewhere."
        error={form.fields.to}
      />
      <SelectField label="Kind" name="status" defaultValue="301" error={form.fields.status}>
        <option value="301">301 permanent (moved for good)</option>
        <option value="302">302 temporary</option>
      </SelectField>
      <FormActions message={<FormMessage message={form.message} />}>
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? 'Adding…' : 'Add redirect'}
        </button>
      </FormActions>
    </form>
  );
}
