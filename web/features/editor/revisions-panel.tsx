// Revisions of a saved post: the list (version, date, who), one shown beside the current text with the
// changes marked (jsdiff, word by word), and Restore (the page asks for confirmation and does it).
import { useEffect, useState } from 'react';
import { diffWords, type ChangeObject } from 'diff';
import type { Revision, RevisionSummary } from '../../../contracts/revisions';
import { useDates } from '../../components/format';
import type { ApiClients } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import { getRevision, listRevisions } from './api';

interface Props {
  api: ApiClients;
  slug: string;
  /** Changes when the post does (a save or a restore), so an open list is read again. */
  version: number;
  current: { title: string; excerpt: string; body: string };
  onRestore: (revision: RevisionSummary) => void;
}

type Load<T> = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

const messageOf = (error: unknown, what: string) => (error instanceof ApiError ? error.message : `Could not load ${what}; please try again.`);

/** One side of a comparison: the text with the parts only it has marked (removed on the old side, added on the new). */
function Marked({ parts, side }: { parts: ChangeObject<string>[]; side: 'old' | 'new' }) {
  return (
    <>
      {parts.map((p, i) => {
        if (side === 'old' && p.added) return null;
        if (side === 'new' && p.removed) return null;
        if (p.removed) return <del key={i}>{p.value}</del>;
        if (p.added) return <ins key={i}>{p.value}</ins>;
        return <span key={i}>{p.value}</span>;
      })}
    </>
  );
}

function Comparison({ revision, current }: { revision: Revision; current: Props['current'] }) {
  const rows: { label: string; parts: ChangeObject<string>[] }[] = [
    { label: 'Title', parts: diffWords(revision.title, current.title) },
    { label: 'Excerpt', parts: diffWords(revision.excerpt, current.excerpt) },
    { label: 'Body', parts: diffWords(revision.body, current.body) },
  ];
  const same = rows.every((r) => r.parts.every((p) => !p.added && !p.removed));
  return (
    <div className="revision-compare">
      <p className="field-hint">
        {same ? 'Version ' + revision.version + ' is the same as your current text.' : 'Removed words are struck through on the left; added words are underlined on the right.'}
      </p>
      <div className="revision-columns">
        {(['old', 'new'] as const).map((side) => (
          <section key={side} className="revision-column" aria-label={side === 'old' ? `Version ${revision.version}` : 'Current text'}>
            <h3>{side === 'old' ? `Version ${revision.version}` : 'Current text'}</h3>
            {rows.map((r) => (
              <div key={r.label} className="revision-part">
                <h4>{r.label}</h4>
                <div className="revision-text">
                  <Marked parts={r.parts} side={side} />
                </div>
              </div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

export function RevisionsPanel({ api, slug, version, current, onRestore }: Props) {
  const { formatDateTime } = useDates();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Load<RevisionSummary[]>>({ state: 'idle' });
  const [shown, setShown] = useState<Load<Revision>>({ state: 'idle' });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setList({ state: 'loading' });
    listRevisions(api, slug).then(
      (data) => live && setList({ state: 'ready', data }),
      (error: unknown) => live && setList({ state: 'error', message: messageOf(error, 'the revisions') }),
    );
    return () => {
      live = false;
    };
  }, [api, slug, version, open]);

  async function view(id: number) {
    setShown({ state: 'loading' });
    try {
      setShown({ state: 'ready', data: await getRevision(api, slug, id) });
    } catch (error) {
      setShown({ state: 'error', message: messageOf(error, 'that revision') });
    }
  }

  return (
    <section className="revisions" aria-labelledby="revisions-title">
      <h2 id="revisions-title" className="revisions-title">
        Revisions
      </h2>
      <button type="button" aria-expanded={open} aria-controls="revisions-body" onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide revisions' : 'Show revisions'}
      </button>
      <div id="revisions-body" hidden={!open}>
        {list.state === 'loading' ? <p aria-live="polite">Loading revisions…</p> : null}
        {list.state === 'error' ? <p role="alert">{list.message}</p> : null}
        {list.state === 'ready' && list.data.length === 0 ? <p>No earlier versions yet: each update keeps the text it replaces.</p> : null}
        {list.state === 'ready' && list.data.length > 0 ? (
          <ol className="revision-list">
            {list.data.map((r) => (
              <li key={r.id}>
                <span>
                  <strong>Version {r.version}</strong> · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  {r.author ? ` · ${r.author.name}` : ''} · “{r.title}”
                </span>
                <span className="inline-row">
                  <button type="button" onClick={() => void view(r.id)} aria-label={`View version ${r.version}`}>
                    View
                  </button>
                  <button type="button" onClick={() => onRestore(r)} aria-label={`Restore version ${r.version}`}>
                    Restore…
                  </button>
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        {shown.state === 'loading' ? <p aria-live="polite">Loading the revision…</p> : null}
        {shown.state === 'error' ? <p role="alert">{shown.message}</p> : null}
        {shown.state === 'ready' ? <Comparison revision={shown.data} current={current} /> : null}
      </div>
    </section>
  );
}
