import { Button, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { BAR_ORDER_STATUS_LABELS, LANGUAGE_STAFF_NAMES, type BarOrder, type BarOrderStatus } from '@festival/contracts';
import { useUpdateBarOrder } from '../api/update-bar-order';

const STATUS_COLORS: Record<BarOrderStatus, string> = { new: 'orange', ready: 'blue', served: 'default' };
/** The one next step of each status, and the way back from Served (a mistaken tap). */
const NEXT: Record<BarOrderStatus, { status: BarOrderStatus; label: string }> = {
  new: { status: 'ready', label: 'Mark Ready' },
  ready: { status: 'served', label: 'Mark Served' },
  served: { status: 'ready', label: 'Back to Ready' },
};

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Paid and tab orders, oldest first (newest at the bottom), New -> Ready -> Served. */
export function BarQueue({ orders, loading, isArrival }: { orders: BarOrder[]; loading: boolean; isArrival?: (id: string) => boolean }) {
  const update = useUpdateBarOrder();
  const columns: TableColumnsType<BarOrder> = [
    {
      title: 'Order',
      key: 'number',
      width: 96,
      render: (_, o) => (
        <>
          <Typography.Text strong style={{ fontSize: 18 }}>
            #{o.number}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{time(o.placedAt)}</Typography.Text>
        </>
      ),
    },
    { title: 'Table', key: 'table', width: 70, render: (_, o) => o.tableNumber ?? '—' },
    {
      title: 'Guest',
      key: 'guest',
      // The language the guest ordered in, when not English: staff can answer in it.
      render: (_, o) =>
        o.language === 'en' ? (
          o.customerName
        ) : (
          <>
            {o.customerName} <Tag>{LANGUAGE_STAFF_NAMES[o.language]}</Tag>
          </>
        ),
    },
    {
      title: 'Drinks',
      key: 'items',
      render: (_, o) => (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {o.items.map((i) => (
            <li key={i.name}>
              {i.quantity} × {i.name}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: 'Payment',
      key: 'payment',
      width: 120,
      render: (_, o) => (o.payment === 'tab' ? <Tag color="gold">Tab {o.tabReference}</Tag> : <Tag color="green">Paid</Tag>),
    },
    {
      title: 'Status',
      key: 'status',
      width: 100,
      render: (_, o) => <Tag color={STATUS_COLORS[o.status]}>{BAR_ORDER_STATUS_LABELS[o.status]}</Tag>,
    },
    {
      title: 'Action',
      key: 'action',
      width: 150,
      render: (_, o) => {
        const next = NEXT[o.status];
        return (
          <Button
            size="large"
            type={o.status === 'served' ? 'default' : 'primary'}
            loading={update.isPending && update.variables?.id === o.id}
            onClick={() => update.mutate({ id: o.id, status: next.status })}
            aria-label={`${next.label}: order ${o.number}`}
          >
            {next.label}
          </Button>
        );
      },
    },
  ];
  return (
    <Table<BarOrder>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={orders}
      loading={loading}
      pagination={false}
      rowClassName={(o) => (o.status === 'served' ? 'bar-row--served' : isArrival?.(o.id) ? 'bar-row--arrival' : '')}
      locale={{ emptyText: <Empty description="No drink orders yet" /> }}
      scroll={{ x: 720 }}
    />
  );
}
