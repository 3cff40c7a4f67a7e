import { Badge, Button, Empty, Flex, Modal, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { AnalyticsEvent } from '@festival/contracts';
import { palette } from '../../../shared/theme/admin-theme';
import { useFunnelEventSummary } from '../api/get-funnel-event-summary';
import { useFunnelEvents } from '../api/get-funnel-events';
import { eventBehaviour, eventLocation, eventSource } from '../lib/event-details';
import { groupEvents, type EventGroup } from '../lib/event-groups';
import { formatCount, formatTimestamp, plural } from '../lib/format';
import { stepLabel } from '../lib/funnel';
import { SectionError } from './section-error';

const muted = { color: palette.inkSoft, fontSize: 12 } as const;

function Lines({ lines }: { lines: string[] }) {
  return (
    <Flex vertical gap={2}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  );
}

const columns: TableColumnsType<AnalyticsEvent> = [
  { title: 'Timestamp', key: 'timestamp', width: 190, render: (_, e) => formatTimestamp(e.createdAt) },
  {
    title: 'Location',
    key: 'location',
    width: 200,
    render: (_, e) => {
      const location = eventLocation(e);
      if (location === 'Unknown') return 'Unknown';
      return (
        <Flex vertical gap={2}>
          {location.place ? <span>{location.place}</span> : null}
          {location.coordinates ? <span style={muted}>{location.coordinates}</span> : null}
        </Flex>
      );
    },
  },
  { title: 'IP Address', key: 'ip', width: 140, render: (_, e) => e.ipAddress ?? 'N/A' },
  {
    title: 'Behavior',
    key: 'behaviour',
    width: 210,
    render: (_, e) => {
      const lines = eventBehaviour(e);
      return lines.length > 0 ? <Lines lines={lines} /> : <span style={muted}>—</span>;
    },
  },
  { title: 'Device', key: 'device', width: 100, render: (_, e) => e.device },
  {
    title: 'Source',
    key: 'source',
    render: (_, e) => {
      const fields = eventSource(e);
      if (fields.length === 0) return 'Not tracked';
      return (
        <Flex vertical gap={2} style={{ wordBreak: 'break-all' }}>
          {fields.map(({ label, value }) => (
            <span key={label}>
              <span style={muted}>{label}:</span> {value}
            </span>
          ))}
        </Flex>
      );
    },
  },
];

function GroupBlock({ group }: { group: EventGroup }) {
  const contact = [group.name, group.email, group.phone].filter(Boolean) as string[];
  return (
    <section
      aria-label={group.label}
      style={{ border: `1px solid ${palette.border}`, borderRadius: 8, background: '#fff', overflow: 'hidden' }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap style={{ padding: '10px 12px', background: palette.creamDeep }}>
        <Flex vertical>
          <Flex align="center" gap={8}>
            <Typography.Text strong>{group.label}</Typography.Text>
            <Badge count={plural(group.events.length, 'event')} color={palette.maroon} />
          </Flex>
          {contact.length > 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {contact.join(' · ')}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
      <Table<AnalyticsEvent> rowKey="id" columns={columns} dataSource={group.events} pagination={false} size="small" scroll={{ x: 940 }} />
    </section>
  );
}

/**
 * 6. The events of one funnel step, grouped by person (order, else visit, else the event
 * alone), newest first, a page at a time.
 */
export function EventDetailDialog({ eventType, open, onClose }: { eventType: string | null; open: boolean; onClose(): void }) {
  const summary = useFunnelEventSummary(eventType);
  const events = useFunnelEvents(eventType);
  const loaded = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const groups = useMemo(() => groupEvents(loaded), [loaded]);
  const error = summary.error ?? events.error;

  let body;
  if (error) {
    body = (
      <SectionError
        what="events"
        error={error}
        onRetry={() => {
          void summary.refetch();
          void events.refetch();
        }}
      />
    );
  } else if (events.isPending || summary.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (loaded.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No events found for this funnel step" />;
  } else {
    body = (
      <Flex vertical gap={12}>
        {groups.map((group) => (
          <GroupBlock key={group.key} group={group} />
        ))}
        <Flex justify="center" align="center" gap={12} wrap style={{ paddingTop: 4 }}>
          <Typography.Text type="secondary" aria-live="polite">
            Showing {formatCount(loaded.length)} of {formatCount(Math.max(summary.data?.totalEvents ?? 0, loaded.length))} events
          </Typography.Text>
          {events.hasNextPage ? (
            <Button onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
        </Flex>
      </Flex>
    );
  }

  return (
    <Modal
      open={open && eventType !== null}
      onCancel={onClose}
      footer={null}
      width="min(1180px, 96vw)"
      destroyOnHidden
      title={eventType ? stepLabel(eventType) : null}
    >
      <Typography.Paragraph type="secondary">
        {summary.data
          ? `Detailed analytics for ${formatCount(summary.data.uniqueUsers)} unique user(s) (${formatCount(summary.data.totalEvents)} total events)`
          : 'Loading the events…'}
      </Typography.Paragraph>
      {body}
    </Modal>
  );
}
