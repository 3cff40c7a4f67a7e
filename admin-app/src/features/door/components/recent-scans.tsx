import { Panel } from '#shared/components/panel.tsx';
import type { ScanEntry } from '../lib/door-types';
import { timeOf } from './scan-result-panel';

/** The last ten scans, newest first. */
export function RecentScans({ scans }: { scans: ScanEntry[] }) {
  return (
    <Panel size="small" title="Last scans" aria-label="Last scans">
      {scans.length === 0 ? (
        <p className="staff-muted">No scans yet</p>
      ) : (
        <ul className="door-list">
          {scans.map((scan) => (
            <li key={scan.id} className="door-list__item">
              <span>
                {timeOf(scan.scannedAt)} · <strong>{scan.headline}</strong>
                {scan.customerName ? ` · ${scan.customerName} (${scan.admitted} of ${scan.total} in)` : ''}
              </span>
              {scan.offline ? <span className="door-tag">offline</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
