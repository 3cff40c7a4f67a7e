import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { ADMIN_DRINK_ORDER_STATUS_LABELS, type AdminDrinkOrderRow } from '@festival/contracts';
import { DashboardTableSection } from '#shared/components/dashboard-table-section.tsx';
import { DisputeTag } from '#shared/components/dispute-tag.tsx';
import { CustomerLink, dateColumn, moneyColumn, stopRowClick } from '#shared/components/order-columns.tsx';
import { OrderItems } from '#shared/components/order-items.tsx';
import { CountTag, SectionTitle } from '#shared/components/section-title.tsx';
import { formatCount, formatMoney } from '#shared/lib/format.ts';
import { DrinkDetailsDrawer, type DrinkDetailsTarget } from './drink-details-drawer';

const columns = (open: (target: DrinkDetailsTarget) => void): TableColumnsType<AdminDrinkOrderRow> => [
  {
    title: 'Order',
    dataIndex: 'number',
    key: 'number',
    width: 80,
    render: (n: number | null, o) => <Typography.Text code>{n !== null ? `#${n}` : o.id.slice(0, 8)}</Typography.Text>,
  },
  {
    title: 'Customer',
    dataIndex: 'customerName',
    key: 'customer',
    width: 170,
    render: (name: string, o) => (
      <CustomerLink
        name={name}
        label={`Order details of ${name}${o.number !== null ? ` (#${o.number})` : ''}`}
        onOpen={() => open({ kind: 'order', id: o.id })}
      />
    ),
  },
  { title: 'Table', dataIndex: 'tableNumber', key: 'table', width: 80, render: (table: string | null) => table ?? '—' },
  {
    title: 'Items',
    key: 'items',
    width: 240,
    render: (_, o) => <OrderItems items={o.items} />,
  },
  {
    title: 'Payment',
    key: 'payment',
    width: 170,
    render: (_, o) => (
      <Flex gap={4} wrap align="center">
        <Tag>{ADMIN_DRINK_ORDER_STATUS_LABELS[o.status]}</Tag>
        {o.tabId && o.tabReference ? (
          <Button
            size="small"
            aria-label={`Tab details of ${o.tabReference}`}
            onClick={(event) => {
              stopRowClick(event);
              open({ kind: 'tab', id: o.tabId! });
            }}
          >
            Tab {o.tabReference}
          </Button>
        ) : null}
        <DisputeTag dispute={o.dispute} />
      </Flex>
    ),
  },
  moneyColumn('totalCents', {
    width: 120,
    render: (amount, o) => (
      <Flex vertical align="end">
        {amount}
        {o.refundedCents > 0 ? <Typography.Text type="warning">{formatMoney(o.refundedCents)} refunded</Typography.Text> : null}
      </Flex>
    ),
  }),
  dateColumn(),
];

/**
 * 10. Drinks Orders: every drinks order of the event and dates that reached the bar, paid at once
 * or put on a tab, newest first; a row opens its `Order details`, its tab button the tab's.
 */
export function DrinkOrdersSection({ orders, error }: { orders: AdminDrinkOrderRow[] | undefined; error: ReactNode }) {
  const [target, setTarget] = useState<DrinkDetailsTarget | null>(null);
  const allColumns = useMemo(() => columns(setTarget), []);
  const total = orders?.reduce((sum, o) => sum + o.totalCents, 0) ?? 0;
  return (
    <DashboardTableSection<AdminDrinkOrderRow>
      title={
        <SectionTitle count={orders ? <CountTag count={orders.length} /> : null} subtitle="Paid at the party or put on a tab">
          Drinks Orders
        </SectionTitle>
      }
      extra={
        orders && orders.length > 0 ? (
          <Typography.Text type="secondary">
            {formatCount(orders.length)} orders · {formatMoney(total)}
          </Typography.Text>
        ) : null
      }
      error={error}
      rows={orders}
      skeletonRows={4}
      columns={allColumns}
      onRowClick={(row) => setTarget({ kind: 'order', id: row.id })}
      tableLabel="Drinks orders table"
      minWidth={1030}
      emptyText="No drinks orders yet"
    >
      <DrinkDetailsDrawer target={target} onOpen={setTarget} onClose={() => setTarget(null)} />
    </DashboardTableSection>
  );
}
