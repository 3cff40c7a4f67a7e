import { Card, List, Typography } from 'antd';
import { useEffect } from 'react';
import { useCheckInConflicts } from '../api/door-api';
import { timeOf } from './scan-result-panel';

/**
 * `Check-in conflicts`: orders that doors working offline admitted more guests of than they have.
 * `onlyWhenAny`: nothing at all while there are none (the dashboard), rather than `No conflicts`.
 */
export function CheckInConflicts({
  online = true,
  refreshKey = 0,
  onlyWhenAny = false,
}: {
  online?: boolean;
  refreshKey?: number;
  onlyWhenAny?: boolean;
}) {
  const conflicts = useCheckInConflicts(online);
  const { refetch } = conflicts;
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);
  const list = conflicts.data?.conflicts ?? [];
  if (onlyWhenAny && list.length === 0) return null;
  return (
    <Card size="small" title="Check-in conflicts">
      <section aria-label="Check-in conflicts">
        <List
          locale={{ emptyText: online ? 'No conflicts' : 'Shown when the network returns' }}
          dataSource={list}
          renderItem={(conflict) => (
            <List.Item key={conflict.orderId}>
              <List.Item.Meta
                title={`${conflict.customerName} · ${conflict.reference}`}
                description={
                  <>
                    <Typography.Text type="danger">{conflict.reason}</Typography.Text>
                    <br />
                    {conflict.admissions
                      .map((a) => `${a.guests} at ${timeOf(a.at)} by ${a.door}${a.offline ? ' (offline)' : ''}`)
                      .join('; ')}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </section>
    </Card>
  );
}
