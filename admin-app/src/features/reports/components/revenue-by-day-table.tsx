import { Table } from 'antd';
import { formatCents, revenueDayTotal, type RevenueDay } from '@festival/contracts';

/** The chart's days as a table: what the `Revenue by day` export holds. */
export function RevenueByDayTable({ days }: { days: RevenueDay[] }) {
  return (
    <Table<RevenueDay>
      aria-label="Revenue by day"
      rowKey="date"
      size="small"
      dataSource={days}
      pagination={{ pageSize: 14, hideOnSinglePage: true }}
      columns={[
        { title: 'Date', dataIndex: 'date' },
        { title: 'Tickets', dataIndex: 'ticketsCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Drinks', dataIndex: 'drinksCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Tips (pay now)', dataIndex: 'tipsPayNowCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Tips (tab)', dataIndex: 'tipsTabCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Total', key: 'total', align: 'right', render: (_, d) => formatCents(revenueDayTotal(d)) },
      ]}
    />
  );
}
