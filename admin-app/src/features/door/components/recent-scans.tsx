import { Card, List, Tag } from 'antd';
import type { ScanEntry } from '../lib/door-types';
import { timeOf } from './scan-result-panel';

/** The last ten scans, newest first. */
export function RecentScans({ scans }: { scans: ScanEntry[] }) {
  return (
    <Card size="small" title="Last scans">
      <section aria-label="Last scans">
        <List
          size="small"
          locale={{ emptyText: 'No scans yet' }}
          dataSource={scans}
          renderItem={(scan) => (
            <List.Item key={scan.id}>
              <span>
                {timeOf(scan.scannedAt)} · <strong>{scan.headline}</strong>
                {scan.customerName ? ` · ${scan.customerName} (${scan.admitted} of ${scan.total} in)` : ''}
              </span>
              {scan.offline ? <Tag>offline</Tag> : null}
            </List.Item>
          )}
        />
      </section>
    </Card>
  );
}
