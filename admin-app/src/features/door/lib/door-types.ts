import type { CheckInResult, OtherTickets } from '@festival/contracts';

/**
 * What one scan came to, as the page shows it: the server's result, or, offline, the page's
 * own: `unknown` (signed, but not on the snapshot: paid after it, or no longer paid) and
 * `refused` (more guests than are left).
 */
export type ScanResult = CheckInResult | 'unknown' | 'refused';

export interface ScanEntry {
  /** The admissionId sent (or queued) with it. */
  id: string;
  /** When the scan was made. */
  scannedAt: string;
  result: ScanResult;
  /** The headline in large type (`Admitted`, `Already checked in`...). */
  headline: string;
  customerName: string | null;
  reference: string | null;
  adults: number;
  children: number;
  /** Its valid tickets of other types (`1 VIP Table`); absent when it has none, and on scans kept from before there were any. */
  others?: OtherTickets[];
  admitted: number;
  total: number;
  /** Guests this scan admitted (0 when it admitted nobody). */
  entering: number;
  checkedInAt: string | null;
  door: string | null;
  /** Made while offline: queued until the network returns. */
  offline: boolean;
}
