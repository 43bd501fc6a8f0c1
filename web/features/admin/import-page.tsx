// `/admin/import`: choose a WordPress (.xml), Ghost (.json) or Byline (.zip) export; it is parsed and
// converted here in the browser (web/features/admin/import/, only in this page's chunk) and sent in batches,
// with a progress bar and the report at the end (docs/decisions/024).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ImportReport } from '../../../contracts/import';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useApi } from '../../lib/api-context';
import { parseImportFile } from './import/import-file';
import { oldSiteAddress } from './import/import-ghost-urls';
import { ImportFileError } from './import/import-plan';
import { batchRanges, runImport, type ImportProgress } from './import/import-run';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { AdminPage, type Flash } from './admin-kit';
import { importTransport } from './api';

export const loader: PageModule['loader'] = async () => null;

export const handle: RouteHandle = { head: () => ({ title: 'Import', noindex: true }) };

const SOURCE_NAMES = { wordpress: 'WordPress', ghost: 'Ghost', byline: 'Byline' } as const;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function ReportView({ report }: { report: ImportReport }) {
  const { imported: i } = report;
  return (
    <section aria-labelledby="import-report" className="stack">
      <h2 id="import-report">Report</h2>
      <p role="status">
        {report.failed
          ? `Stopped at batch ${report.failed.batch} of ${report.totalBatches}: ${report.failed.message}. Nothing of that batch was written; importing the file again continues where it stopped.`
          : `Imported from ${SOURCE_NAMES[report.source]}: all ${plural(report.totalBatches, 'batch', 'batches')} landed.`}
      </p>
      <table className="data-table">
        <caption className="visually-hidden">Imported</caption>
        <tbody>
          <tr><th scope="row">Posts</th><td>{i.posts}</td></tr>
          <tr><th scope="row">Authors</th><td>{i.users}</td></tr>
          <tr><th scope="row">Categories</th><td>{i.categories}</td></tr>
          <tr><th scope="row">Tags</th><td>{i.tags}</td></tr>
          <tr><th scope="row">Featured</th><td>{i.featured}</td></tr>
          <tr><th scope="row">Images copied</th><td>{i.images}</td></tr>
          <tr><th scope="row">Pages</th><td>{i.pages}</td></tr>
          <tr><th scope="row">Menus replaced</th><td>{i.menus}</td></tr>
          <tr><th scope="row">Settings changed</th><td>{i.settings}</td></tr>
          <tr><th scope="row">Old addresses redirected</th><td>{i.redirects}</td></tr>
        </tbody>
      </table>
      <p>Batches that landed: {report.landed.length > 0 ? batchRanges(report.landed) : 'none'}.</p>
      <details open={report.skipped.length > 0 && report.skipped.length <= 20}>
        <summary>Skipped ({report.skipped.length})</summary>
        <ul>
          {report.skipped.map((s, n) => (
            <li key={n}>
              {s.kind} <code>{s.key}</code>: {s.why}
            </li>
          ))}
        </ul>
      </details>
      <details open={report.warnings.length > 0 && report.warnings.length <= 20}>
        <summary>Warnings ({report.warnings.length})</summary>
        <ul>
          {report.warnings.map((w, n) => (
            <li key={n}>{w}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

export function Component() {
  const api = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [oldSite, setOldSite] = useState('');
  const [flash, setFlash] = useState<Flash>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const running = progress !== null && report === null;
  useUnsavedChangesWarning(running);

  function onChoose(e: ChangeEvent<HTMLInputElement>) {
    setFile(e.target.files?.[0] ?? null);
    setFlash(null);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setFlash({ kind: 'error', text: 'Choose an export file first.' });
      return;
    }
    const from = oldSite.trim() === '' ? null : oldSiteAddress(oldSite);
    if (oldSite.trim() !== '' && !from) {
      setFlash({ kind: 'error', text: "The old site's address must be an http(s) address, such as https://old.example." });
      return;
    }
    setFlash(null);
    setReport(null);
    setProgress({ done: 0, total: 1, label: 'Reading the file' });
    let plan;
    try {
      plan = parseImportFile(new Uint8Array(await file.arrayBuffer()), { from });
    } catch (error) {
      setProgress(null);
      setFlash({ kind: 'error', text: error instanceof ImportFileError ? error.message : 'The file could not be read.' });
      return;
    }
    const result = await runImport(plan, importTransport(api), setProgress);
    setReport(result);
    setFlash(result.failed ? { kind: 'error', text: `The import stopped at batch ${result.failed.batch}.` } : { kind: 'ok', text: `Import finished: ${plural(result.imported.posts, 'post')} imported.` });
  }

  return (
    <AdminPage title="Import">
      <p>
        Bring posts, authors, categories and tags from a WordPress export (Tools → Export, a <code>.xml</code> file), a Ghost export
        (Settings → Labs → Export, a <code>.json</code> file) or a Byline export (<code>.zip</code>). Importing the same file again
        changes nothing. Imported authors cannot sign in until you set a password for them or they reset theirs.
      </p>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <form onSubmit={onSubmit} className="stack">
        <FormField
          id="import-file"
          label="Export file"
          name="file"
          type="file"
          accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
          onChange={onChoose}
          disabled={running}
        />
        <FormField
          id="import-old-site"
          label="Old site's address (optional)"
          name="from"
          type="url"
          inputMode="url"
          placeholder="https://old.example"
          hint="For a Ghost export: its images are fetched from there, and links to pages this import does not bring point there."
          value={oldSite}
          onChange={(e) => setOldSite(e.target.value)}
          disabled={running}
        />
        <div>
          <button type="submit" disabled={running}>
            {running ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      {progress ? (
        <div className="stack">
          <label htmlFor="import-progress">
            {progress.label} ({progress.done} of {progress.total} steps)
          </label>
          <progress id="import-progress" value={progress.done} max={progress.total} />
        </div>
      ) : null}
      {report ? <ReportView report={report} /> : null}
    </AdminPage>
  );
}
