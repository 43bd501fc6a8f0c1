// A list shown as a table: scrolls inside its own box on narrow screens, named by a (hidden) caption.
import type { ReactNode } from 'react';

interface Props {
  caption: string;
  /** Column headings; a heading that only makes sense to a screen reader (e.g. "Actions") can be hidden. */
  columns: readonly (string | { label: string; hidden: true })[];
  /** The rows (`<tr>` elements). */
  children: ReactNode;
}

export function DataTable({ caption, columns, children }: Props) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col">
                  <span className="visually-hidden">{c.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
