import { Alert, Button, DatePicker, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Season } from '@festival/contracts';
import { useDashboardFilterStore } from '../stores/dashboard-filter-store';

const label = (event: Season) => `${event.name} — ${event.date}${event.status === 'on-sale' ? ' (on sale)' : ''}`;

/**
 * The dashboard's filter: which event (the one on sale by default) and which days (`From`, `To`,
 * in the party's time zone). Every section below shows that event and those days; a past event
 * is read-only.
 */
export function EventFilterBar({ events, current }: { events: Season[] | undefined; current: number | undefined }) {
  const { eventId, from, to, setEvent, setDates } = useDashboardFilterStore();
  const selected = eventId ?? current;
  const past = events?.find((event) => event.id === selected && event.status === 'past');
  return (
    <Flex vertical gap={12} role="search" aria-label="Dashboard filter">
      <Flex gap={12} wrap align="center">
        <Flex gap={8} align="center">
          <Typography.Text strong>Event</Typography.Text>
          <Select<number>
            aria-label="Event"
            style={{ minWidth: 280 }}
            loading={!events}
            value={selected}
            options={events?.map((event) => ({ value: event.id, label: label(event) }))}
            onChange={(id) => setEvent(id === current ? undefined : id)}
          />
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text strong>From</Typography.Text>
          <DatePicker
            aria-label="From"
            format="YYYY-MM-DD"
            needConfirm={false}
            value={from ? dayjs(from) : null}
            onChange={(date) => setDates(date ? date.format('YYYY-MM-DD') : undefined, to)}
          />
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text strong>To</Typography.Text>
          <DatePicker
            aria-label="To"
            format="YYYY-MM-DD"
            needConfirm={false}
            value={to ? dayjs(to) : null}
            onChange={(date) => setDates(from, date ? date.format('YYYY-MM-DD') : undefined)}
          />
        </Flex>
        {from || to ? <Button onClick={() => setDates(undefined, undefined)}>All dates</Button> : null}
      </Flex>
      {past ? (
        <Alert
          type="info"
          showIcon
          title={`${past.name} (${past.date}) is a past event`}
          description="Its orders, tickets and figures are shown as they are, read-only."
        />
      ) : null}
    </Flex>
  );
}
