import { ticketLines } from '@festival/contracts';
import { deskResult } from '#shared/components/desk-result.ts';
import type { ScanEntry } from '../lib/door-types';

export const timeOf = (iso: string): string => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** `Checked in at 7:02 PM by Door 1`, for a scan of an order already in. */
function admittedBy(entry: ScanEntry): string | null {
  if (entry.result !== 'already_checked_in' || !entry.checkedInAt) return null;
  return `Checked in at ${timeOf(entry.checkedInAt)}${entry.door ? ` by ${entry.door}` : ''}`;
}

/** The last scan in large type, green when guests may enter and red when not, flashing as it comes. */
export function ScanResultPanel({ entry }: { entry: ScanEntry | null }) {
  if (!entry) {
    return (
      <section className={deskResult.panel()} aria-label="Scan result">
        <p className={deskResult.headline}>Ready to scan</p>
      </section>
    );
  }
  const ok = entry.result === 'admitted';
  return (
    <section key={entry.id} className={deskResult.panel(ok ? 'ok' : 'bad', { flash: true })} aria-label="Scan result" role="status">
      <p className={deskResult.headline} data-testid="scan-headline">
        {ok && entry.entering > 0 ? `${entry.headline}: ${entry.entering} ${entry.entering === 1 ? 'guest' : 'guests'}` : entry.headline}
      </p>
      {entry.customerName ? (
        <p className={deskResult.detail}>
          <strong>{entry.customerName}</strong> · {entry.reference}
          <br />
          {ticketLines(entry.adults, entry.children, entry.others)} · {entry.admitted} of {entry.total} in
          {entry.offline ? ' · offline' : ''}
        </p>
      ) : null}
      {admittedBy(entry) ? <p className={deskResult.detail}>{admittedBy(entry)}</p> : null}
    </section>
  );
}
