// One image's alt text in the media library: a small form with its own saving and saved states and field error.
import { type FormEvent, useState } from 'react';
import type { MediaItem } from '../../../contracts/media-library';
import { Field } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { setMediaAlt } from './api';

type State = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; text: string };

export function MediaAltForm({ item }: { item: MediaItem }) {
  const api = useApi();
  const [alt, setAlt] = useState(item.alt);
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const saved = await setMediaAlt(api, item.key, alt);
      setAlt(saved.alt);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', text: error instanceof ApiError ? (error.fields.alt ?? error.message) : 'Could not save; please try again.' });
    }
  }

  return (
    <form className="media-alt-form" onSubmit={(e) => void save(e)} noValidate>
      <Field label="Alt text" id={`media-alt-${item.key}`} error={state.kind === 'error' ? state.text : undefined} hint="What the image shows, for people who cannot see it">
        {(props) => <input {...props} value={alt} onChange={(e) => { setAlt(e.target.value); setState({ kind: 'idle' }); }} />}
      </Field>
      <button type="submit" disabled={state.kind === 'saving'}>
        {state.kind === 'saving' ? 'Saving…' : 'Save'}
        <span className="visually-hidden"> alt text</span>
      </button>
      <span role="status" className="muted">{state.kind === 'saved' ? 'Saved' : ''}</span>
    </form>
  );
}
