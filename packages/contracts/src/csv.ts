/**
 * A cell a spreadsheet would run as a formula: one starting with `=`, `+`, `-` or `@` (also
 * after leading spaces, which some programs trim on import), or with a tab or carriage return.
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@]/;

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A value that could start a formula
 * gets a leading apostrophe, so a customer named `=HYPERLINK(...)` stays text in Excel,
 * LibreOffice and Google Sheets (the OWASP advice for CSV injection).
 */
export function escapeCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows to CSV text: CRLF line ends, every cell escaped. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}
