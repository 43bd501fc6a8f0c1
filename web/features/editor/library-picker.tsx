// Choosing an already uploaded image for the body (decision 063): the writer's library (everyone's for
// `media.manage`), newest first; picking one goes on to the alt text step with the library's alt filled in.
import { useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../../contracts/media-library';
import { useApi } from '../../lib/api-context';
import { listLibrary } from './api';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: MediaItem[] };

export function LibraryPicker({ onPick, onClose }: { onPick: (item: MediaItem) => void; onClose: () => void }) {
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
    <div ref={group} tabIndex={-1} className="image-insert library-picker" role="group" aria-labelledby="library-picker-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <p id="library-picker-title" className="image-insert-title">
        Insert from the library
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
