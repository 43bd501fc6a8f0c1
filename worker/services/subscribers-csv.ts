// The subscribers' CSV (decision 069): export written so a spreadsheet never runs a cell as a formula, and the
// import's reader (RFC 4180: quoted cells, doubled quotes, CRLF or LF), one address per row in the first column.

/** A cell a spreadsheet would read as a formula (= + - @, or a tab or CR before one) is kept as text by a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused if it could be a formula, quoted if it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The rows of a CSV text, each a list of cells (a last empty line is no row). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
