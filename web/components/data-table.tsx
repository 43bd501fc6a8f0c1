// A list shown as a table: scrolls inside its own box on narrow screens, named by a (hidden) caption.
// A column may be sorted (announced with aria-sort) and may show a control in its heading instead of text.
import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** The heading only makes sense to a screen reader (e.g. "Actions"): the label is hidden. */
  hidden?: boolean;
  /** What the heading shows instead of its label (a sort link, a select-all checkbox). */
  header?: ReactNode;
  /** The rows are sorted by this column. */
  sorted?: 'ascending' | 'descending';
  className?: string;
}

interface Props {
  caption: string;
  /** Column headings: plain text, or a Column. */
  columns: readonly (string | Column)[];
  /** The rows (`<tr>` elements). */
  children: ReactNode;
  busy?: boolean;
}

function heading(c: Column): ReactNode {
  if (c.header !== undefined) return c.header;
  return c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label;
}

export function DataTable({ caption, columns, children, busy }: Props) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const column = typeof c === 'string' ? { label: c } : c;
              return (
                <th key={column.label} scope="col" aria-sort={column.sorted} className={column.className}>
                  {heading(column)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
