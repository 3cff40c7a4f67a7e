import { Table } from 'antd';
import type { TicketTypeRow } from '@festival/contracts';
import { formatCount, formatMoney } from '#shared/lib/format.ts';

/** `Tickets by type`: Adult, Child and the season's other types, sold, refunded, seats and revenue before discounts and tax. */
export function TicketsByTypeTable({ types }: { types: TicketTypeRow[] | undefined }) {
  return (
    <Table<TicketTypeRow>
      aria-label="Tickets by type"
      rowKey="name"
      size="small"
      loading={!types}
      dataSource={types ?? []}
      pagination={false}
      locale={{ emptyText: 'No tickets sold in this period' }}
      columns={[
        { title: 'Type', dataIndex: 'name' },
        { title: 'Sold', dataIndex: 'sold', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Refunded', dataIndex: 'refunded', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Seats', dataIndex: 'seats', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Revenue (before discounts and tax)', dataIndex: 'revenueCents', align: 'right', render: formatMoney },
      ]}
    />
  );
}
