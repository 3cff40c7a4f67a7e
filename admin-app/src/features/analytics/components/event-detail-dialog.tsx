import { Button, Empty, Flex, Grid, Modal, Skeleton, Typography } from 'antd';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import type { AnalyticsEvent } from '@festival/contracts';
import { staffColors } from '@festival/web-kit/tokens';
import { SectionError } from '#shared/components/section-error.tsx';
import { formatCount, formatDate, formatTime, plural } from '#shared/lib/format.ts';
import { GeoLite2Attribution } from '#shared/seo/geolite2-attribution.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import { useFunnelEventSummary } from '../api/get-funnel-event-summary';
import { useFunnelEvents } from '../api/get-funnel-events';
import { eventBehaviour, eventLocation, eventSource } from '../lib/event-details';
import { groupEvents, type EventGroup } from '../lib/event-groups';
import { stepLabel } from '../lib/funnel';
import { useEventDialogStore } from '../stores/event-dialog-store';

// The dialog can hold hundreds of events: plain elements with inline styles inside it, which
// draw much faster than as many library components.
const muted = { color: palette.inkSoft, fontSize: 12 } as const;
const stack = { display: 'flex', flexDirection: 'column', gap: 2 } as const;

function Lines({ lines }: { lines: string[] }) {
  return (
    <div style={stack}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </div>
  );
}

interface EventField {
  title: string;
  width?: number;
  render(event: AnalyticsEvent): ReactNode;
}

/** The event table's columns (docs/product.md, section 2: the event detail dialog). */
const FIELDS: EventField[] = [
  {
    title: 'Timestamp',
    width: 150,
    render: (e) => (
      <div style={stack}>
        <span>{formatDate(e.createdAt)}</span>
        <span style={muted}>{formatTime(e.createdAt)}</span>
      </div>
    ),
  },
  {
    title: 'Location',
    width: 190,
    render: (e) => {
      const location = eventLocation(e);
      if (location === 'Unknown') return 'Unknown';
      return (
        <div style={stack}>
          {location.place ? <span>{location.place}</span> : null}
          {location.coordinates ? <span style={muted}>{location.coordinates}</span> : null}
        </div>
      );
    },
  },
  { title: 'IP Address', width: 130, render: (e) => e.ipAddress ?? 'N/A' },
  {
    title: 'Behavior',
    width: 200,
    render: (e) => {
      const lines = eventBehaviour(e);
      return lines.length > 0 ? <Lines lines={lines} /> : <span style={muted}>—</span>;
    },
  },
  { title: 'Device', width: 90, render: (e) => e.device },
  {
    title: 'Source',
    width: 260,
    render: (e) => {
      const fields = eventSource(e);
      if (fields.length === 0) return 'Not tracked';
      return (
        <div style={{ ...stack, overflowWrap: 'anywhere' }}>
          {fields.map(({ label, value }) => (
            <span key={label}>
              <span style={muted}>{label}:</span> {value}
            </span>
          ))}
        </div>
      );
    },
  },
];

const TABLE_WIDTH = FIELDS.reduce((sum, f) => sum + (f.width ?? 0), 0);
const cell = { padding: '8px 10px', textAlign: 'left', verticalAlign: 'top', borderTop: `1px solid ${palette.border}` } as const;

/**
 * A group's events as a plain table: a dialog can hold a few hundred of them, which a
 * lightweight table draws at once where a full data grid per group would not.
 */
function EventTable({ events }: { events: AnalyticsEvent[] }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', minWidth: TABLE_WIDTH, borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: 14 }}>
        <thead>
          <tr style={{ background: staffColors.tableHead }}>
            {FIELDS.map((field) => (
              <th key={field.title} scope="col" style={{ ...cell, width: field.width, fontWeight: 600 }}>
                {field.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              {FIELDS.map((field) => (
                <td key={field.title} style={cell}>
                  {field.render(event)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One event as a card of labelled fields: the table's columns, for narrow screens. */
function EventCard({ event }: { event: AnalyticsEvent }) {
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        gap: '8px 16px',
        margin: 0,
        padding: 12,
        borderTop: `1px solid ${palette.border}`,
      }}
    >
      {FIELDS.map((field) => (
        <div key={field.title}>
          <dt style={{ ...muted, fontWeight: 600 }}>{field.title}</dt>
          <dd style={{ margin: 0 }}>{field.render(event)}</dd>
        </div>
      ))}
    </dl>
  );
}

function GroupView({ group, asTable }: { group: EventGroup; asTable: boolean }) {
  const contact = [group.name, group.email, group.phone].filter(Boolean) as string[];
  return (
    <section
      aria-label={group.label}
      style={{ border: `1px solid ${palette.border}`, borderRadius: 8, background: palette.white, overflow: 'hidden' }}
    >
      <div style={{ ...stack, padding: '10px 12px', background: palette.creamDeep }}>
        <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
          <strong>{group.label}</strong>
          <span
            style={{
              background: palette.maroon,
              color: palette.white,
              borderRadius: 999,
              padding: '0 8px',
              fontSize: 12,
              lineHeight: '20px',
            }}
          >
            {plural(group.events.length, 'event')}
          </span>
        </div>
        {contact.length > 0 ? (
          <span style={{ color: palette.inkSoft, fontSize: 13, overflowWrap: 'anywhere' }}>{contact.join(' · ')}</span>
        ) : null}
      </div>
      {asTable ? <EventTable events={group.events} /> : group.events.map((event) => <EventCard key={event.id} event={event} />)}
    </section>
  );
}

const sameEvents = (a: AnalyticsEvent[], b: AnalyticsEvent[]) => a.length === b.length && a.every((e, i) => e.id === b[i].id);

/** A group is drawn again only when its events change (Load more adds groups, and events to some). */
const GroupBlock = memo(
  GroupView,
  (before, after) =>
    before.asTable === after.asTable && before.group.label === after.group.label && sameEvents(before.group.events, after.group.events),
);

/**
 * 6. The events of one funnel step, grouped by person (order, else visit, else the event
 * alone), newest first, a page at a time.
 */
export function EventDetailDialog() {
  const { eventType, open, close: onClose } = useEventDialogStore();
  // Leaving the page (the browser's back button) closes the dialog, so it is not open on return.
  useEffect(() => onClose, [onClose]);
  const summary = useFunnelEventSummary(eventType);
  const events = useFunnelEvents(eventType);
  const loaded = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const groups = useMemo(() => groupEvents(loaded), [loaded]);
  const error = summary.error ?? events.error;
  // A table where it fits; on a tablet held upright or a phone, a card per event.
  const asTable = Grid.useBreakpoint().lg ?? false;

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
          <GroupBlock key={group.key} group={group} asTable={asTable} />
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
      {/* The Location column's cities and coordinates come from GeoLite2. */}
      <GeoLite2Attribution />
    </Modal>
  );
}
