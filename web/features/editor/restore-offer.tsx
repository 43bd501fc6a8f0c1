// The offer shown on opening the editor when this browser kept text that was never saved.
import { useDates } from '../../components/format';
import type { StoredCopy } from './use-local-copy';

export function RestoreOffer({ copy, onRestore, onDiscard }: { copy: StoredCopy; onRestore: () => void; onDiscard: () => void }) {
  const { formatDateTime } = useDates();
  return (
    <section className="notice restore-offer" aria-labelledby="restore-offer-title">
      <h2 id="restore-offer-title">Unsaved text found</h2>
      <p>
        This browser kept text you had not saved (<time dateTime={copy.savedAt}>{formatDateTime(copy.savedAt)}</time>) that differs from
        the saved post.
      </p>
      <div className="inline-row">
        <button type="button" className="primary" onClick={onRestore}>
          Restore unsaved text
        </button>
        <button type="button" onClick={onDiscard}>
          Discard it
        </button>
      </div>
    </section>
  );
}
