import { Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { PartyTicketRow } from '@festival/contracts';
import { formatCount, formatDateTime, formatMoney, shortId } from '../lib/format';
import { StaffTooltip } from '../../../shared/components/staff-tooltip';
import { DashboardTableSection } from './dashboard-table-section';
import { CountTag, SectionTitle } from './section-title';
import { TicketCounts } from './ticket-counts';

const columns: TableColumnsType<PartyTicketRow> = [
  {
    title: 'Ticket ID',
    key: 'id',
    width: 110,
    render: (_, t) => (
      <StaffTooltip title={t.id}>
        <Typography.Text code>{shortId(t.id)}</Typography.Text>
      </StaffTooltip>
    ),
  },
  {
    title: 'Customer',
    dataIndex: 'customerName',
    key: 'customer',
    width: 160,
    render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
  },
  {
    title: 'Contact',
    key: 'contact',
    width: 230,
    render: (_, t) => (
      <Flex vertical gap={2} style={{ overflowWrap: 'anywhere' }}>
        <span>{t.customerEmail}</span>
        <Typography.Text type="secondary">{t.customerPhone}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Tickets',
    key: 'tickets',
    width: 170,
    render: (_, t) => <TicketCounts adultTickets={t.adultTickets} childTickets={t.childTickets} />,
  },
  {
    title: 'Total',
    dataIndex: 'totalAmount',
    key: 'total',
    align: 'right',
    width: 110,
    render: (cents: number) => <Typography.Text strong>{formatMoney(cents)}</Typography.Text>,
  },
  { title: 'Date', dataIndex: 'createdAt', key: 'date', width: 170, render: (createdAt: string) => formatDateTime(createdAt) },
];

interface PartyTicketsSectionProps {
  tickets: PartyTicketRow[] | undefined;
  /** `Event: Friday, October 24th, 2025 at Milpitas ICC`, once the site configuration is in. */
  subtitle: string | undefined;
  error: ReactNode;
}

/** 8. Diwali Party Tickets: every paid ticket order, with the guests it admits. */
export function PartyTicketsSection({ tickets, subtitle, error }: PartyTicketsSectionProps) {
  const adults = tickets?.reduce((sum, t) => sum + t.adultTickets, 0) ?? 0;
  const children = tickets?.reduce((sum, t) => sum + t.childTickets, 0) ?? 0;
  return (
    <DashboardTableSection<PartyTicketRow>
      title={
        <SectionTitle count={tickets ? <CountTag count={tickets.length} /> : null} subtitle={subtitle ?? '\u00a0'}>
          Diwali Party Tickets
        </SectionTitle>
      }
      extra={
        tickets && tickets.length > 0 ? (
          <Typography.Text type="secondary">
            {formatCount(adults)} adults · {formatCount(children)} children
          </Typography.Text>
        ) : null
      }
      error={error}
      rows={tickets}
      skeletonRows={6}
      columns={columns}
      tableLabel="Party tickets table"
      minWidth={950}
      emptyText="No tickets sold yet"
    />
  );
}
