import { useEffect } from 'react';
import { Panel } from '#shared/components/panel.tsx';
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
    <Panel size="small" title="Check-in conflicts" aria-label="Check-in conflicts">
      {list.length === 0 ? (
        <p className="staff-muted">{online ? 'No conflicts' : 'Shown when the network returns'}</p>
      ) : (
        <ul className="door-list">
          {list.map((conflict) => (
            <li key={conflict.orderId} className="door-list__item door-list__item--stacked">
              <strong>{`${conflict.customerName} · ${conflict.reference}`}</strong>
              <span className="staff-danger">{conflict.reason}</span>
              <span className="staff-muted">
                {conflict.admissions.map((a) => `${a.guests} at ${timeOf(a.at)} by ${a.door}${a.offline ? ' (offline)' : ''}`).join('; ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
