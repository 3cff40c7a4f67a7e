import { Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { PartyTicketRow } from '@festival/contracts';
import { DashboardTableSection } from '#shared/components/dashboard-table-section.tsx';
import { CountTag, SectionTitle } from '#shared/components/section-title.tsx';
import { formatDateTime, formatMoney } from '#shared/lib/format.ts';
import { TicketCounts } from './ticket-counts';

/** `tel:` wants digits (and a leading +) only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const columns: TableColumnsType<PartyTicketRow> = [
  {
    title: 'Customer',
    dataIndex: 'customerName',
    key: 'customer',
    width: 160,
    render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
  },
  {
    title: 'Contact Info',
    key: 'contact',
    width: 240,
    render: (_, c) => (
      <Flex vertical gap={2} style={{ overflowWrap: 'anywhere' }}>
        <a href={`mailto:${encodeURIComponent(c.customerEmail).replace(/%40/g, '@')}`}>{c.customerEmail}</a>
        <a href={telHref(c.customerPhone)}>{c.customerPhone}</a>
      </Flex>
    ),
  },
  {
    title: 'Tickets Attempted',
    key: 'tickets',
    width: 170,
    render: (_, c) => <TicketCounts adultTickets={c.adultTickets} childTickets={c.childTickets} />,
  },
  { title: 'Amount', dataIndex: 'totalAmount', key: 'amount', align: 'right', width: 110, render: (cents: number) => formatMoney(cents) },
  {
    title: 'Abandoned At',
    dataIndex: 'createdAt',
    key: 'abandonedAt',
    width: 170,
    render: (createdAt: string) => formatDateTime(createdAt),
  },
];

/** 9. Abandoned Carts: ticket purchases started and not completed, to follow up by e-mail or phone. */
export function AbandonedCartsSection({ carts, error }: { carts: PartyTicketRow[] | undefined; error: ReactNode }) {
  return (
    <DashboardTableSection<PartyTicketRow>
      title={
        <SectionTitle
          count={carts ? <CountTag count={carts.length} /> : null}
          subtitle="Customers who started ticket purchase but didn't complete (30+ minutes old)"
        >
          Abandoned Carts - Follow Up Opportunities
        </SectionTitle>
      }
      error={error}
      rows={carts}
      skeletonRows={4}
      columns={columns}
      tableLabel="Abandoned carts table"
      minWidth={850}
      emptyText="No abandoned carts to follow up on"
    />
  );
}
