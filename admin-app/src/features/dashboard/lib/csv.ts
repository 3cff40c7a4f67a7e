import { downloadBlob } from '../../../shared/lib/download';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** `2025-10-12`, local time: the date in an export's file name. */
export const csvDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** `2025-10-12 14:03`, local time: a date and time every spreadsheet reads. */
export const csvDateTime = (d: Date): string => `${csvDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Rows to CSV text: CRLF line ends, every cell escaped. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves CSV text as a file. A byte order mark first, so Excel reads the names as UTF-8.
 */
export function downloadCsv(csv: string, fileName: string): void {
  downloadBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
