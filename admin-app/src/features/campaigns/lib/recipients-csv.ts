import type Papa from 'papaparse';
import { plural } from './plural';
import { readAsText } from './read-file';

/** A row of the file left out, by its row number as a spreadsheet shows it. */
export interface SkippedRow {
  row: number;
  reason: string;
}

export interface RecipientsImport {
  addresses: string[];
  skipped: SkippedRow[];
}

const ADDRESS = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail']);

const looksLikeAddress = (value: string | undefined): boolean => ADDRESS.test((value ?? '').trim());

/**
 * The recipients of an uploaded CSV or TXT file, read by papaparse (quoted fields, commas and
 * line breaks inside quotes, any line ending). A first row with no address in it is a header.
 * The addresses come from the column named email (or e-mail), else from the first column
 * holding addresses; every other row is counted as skipped, with its reason.
 */
export function readRecipientsCsv(text: string, papa: typeof Papa): RecipientsImport {
  const rows = papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const blank = (row: string[]) => row.every((cell) => cell.trim() === '');
  const firstRow = rows.findIndex((row) => !blank(row));
  if (firstRow < 0) return { addresses: [], skipped: [] };
  const header = rows[firstRow]!.some(looksLikeAddress) ? undefined : rows[firstRow]!.map((cell) => cell.trim().toLowerCase());
  const dataFrom = header ? firstRow + 1 : firstRow;
  const data = rows.slice(dataFrom);
  const widest = Math.max(0, ...data.map((row) => row.length));
  let column = header?.findIndex((name) => EMAIL_HEADERS.has(name)) ?? -1;
  if (column < 0) column = Array.from({ length: widest }, (_, i) => i).find((i) => data.some((row) => looksLikeAddress(row[i]))) ?? -1;

  const addresses: string[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  data.forEach((row, index) => {
    if (blank(row)) return;
    const rowNumber = dataFrom + index + 1;
    const value = column < 0 ? '' : (row[column] ?? '').trim();
    if (value === '') skipped.push({ row: rowNumber, reason: 'has no email address' });
    else if (!looksLikeAddress(value)) skipped.push({ row: rowNumber, reason: `“${value}” is not an email address` });
    else if (seen.has(value.toLowerCase())) skipped.push({ row: rowNumber, reason: `${value} is already in the list` });
    else {
      seen.add(value.toLowerCase());
      addresses.push(value);
    }
  });
  return { addresses, skipped };
}

/** `Skipped 1 row: row 5, “not-an-address” is not an email address.` (the first five named). */
export function skippedSummary(skipped: SkippedRow[]): string {
  if (skipped.length === 0) return '';
  const named = skipped.slice(0, 5).map(({ row, reason }) => `row ${row}, ${reason}`);
  const more = skipped.length > named.length ? `; and ${skipped.length - named.length} more` : '';
  return `Skipped ${plural(skipped.length, 'row')}: ${named.join('; ')}${more}.`;
}

/** Reads an uploaded file's recipients, loading the CSV reader only now, when a file is chosen. */
export async function importRecipientsFile(file: File): Promise<RecipientsImport> {
  const [{ default: papa }, text] = await Promise.all([import('papaparse'), readAsText(file)]);
  return readRecipientsCsv(text, papa);
}
