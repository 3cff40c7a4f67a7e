import { Table } from 'antd';
import type { ChannelRow } from '@festival/contracts';
import { formatCount, formatMoney } from '#shared/lib/format.ts';

/** `Revenue by channel`: visits, orders and revenue by the session's first touch. */
export function ChannelsTable({ channels }: { channels: ChannelRow[] | undefined }) {
  return (
    <Table<ChannelRow>
      aria-label="Revenue by channel"
      rowKey={(r) => `${r.source}/${r.medium}/${r.campaign ?? ''}`}
      size="middle"
      loading={!channels}
      dataSource={channels ?? []}
      pagination={false}
      locale={{ emptyText: 'No visits or orders in this period' }}
      columns={[
        { title: 'Source', dataIndex: 'source' },
        { title: 'Medium', dataIndex: 'medium' },
        { title: 'Campaign', dataIndex: 'campaign', render: (c: string | null) => c ?? '—' },
        { title: 'Visits', dataIndex: 'visits', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Orders', dataIndex: 'orders', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Revenue', dataIndex: 'revenueCents', align: 'right', render: formatMoney },
        {
          title: 'Revenue per visit',
          dataIndex: 'revenuePerVisitCents',
          align: 'right',
          render: (c: number | null) => (c === null ? '—' : formatMoney(c)),
        },
      ]}
    />
  );
}
