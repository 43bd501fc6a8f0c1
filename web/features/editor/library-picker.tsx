// Choosing an already uploaded image for the body or the cover (decisions 063, 066): the writer's library
// (everyone's for `media.manage`), newest first; the caller fills its alt text in from the library's.
import { useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../../contracts/media-library';
import { useApi } from '../../lib/api-context';
import { listLibrary } from './api';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: MediaItem[] };

interface Props {
  onPick: (item: MediaItem) => void;
  onClose: () => void;
  /** What picking does, as the picker's title (the body inserts, the cover field chooses). */
  title?: string;
  /** Its element id prefix, told apart when a form has two pickers. */
  id?: string;
}

export function LibraryPicker({ onPick, onClose, title = 'Insert from the library', id = 'library-picker' }: Props) {
  const api = useApi();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.focus(), []);
  useEffect(() => {
    let live = true;
    listLibrary(api).then(
      (page) => live && setLoad({ kind: 'ready', items: page.items }),
      () => live && setLoad({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <div ref={group} tabIndex={-1} className="image-insert library-picker" role="group" aria-labelledby={`${id}-title`} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <p id={`${id}-title`} className="image-insert-title">
        {title}
      </p>
      {load.kind === 'loading' ? <p role="status">Loading images…</p> : null}
      {load.kind === 'error' ? <p role="alert">The library could not be loaded; please try again.</p> : null}
      {load.kind === 'ready' && load.items.length === 0 ? <p>No uploaded images yet.</p> : null}
      {load.kind === 'ready' && load.items.length > 0 ? (
        <ul className="library-picker-grid">
          {load.items.map((item) => (
            <li key={item.key}>
              <button type="button" onClick={() => onPick(item)}>
                <img src={item.url} alt="" loading="lazy" />
                <span>{item.alt || 'No alt text yet'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}
