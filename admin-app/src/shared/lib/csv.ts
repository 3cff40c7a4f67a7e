import { downloadBlob } from './download';

// The cells and rows themselves are the contracts' (the API's exports write the same CSV).
export { escapeCsvCell, toCsv } from '@festival/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2025-10-12`, local time: the date in an export's file name. */
export const csvDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** `2025-10-12 14:03`, local time: a date and time every spreadsheet reads. */
export const csvDateTime = (d: Date): string => `${csvDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * Saves CSV text as a file. A byte order mark first, so Excel reads the names as UTF-8.
 */
export function downloadCsv(csv: string, fileName: string): void {
  downloadBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
