import { Button, Flex, Input, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { FeastOrder } from '@festival/contracts';
import { DashboardTableSection } from '#shared/components/dashboard-table-section.tsx';
import { DisputeTag } from '#shared/components/dispute-tag.tsx';
import { contactColumn, dateColumn, idColumn, moneyColumn } from '#shared/components/order-columns.tsx';
import { OrderItems } from '#shared/components/order-items.tsx';
import { CountTag, SectionTitle } from '#shared/components/section-title.tsx';
import { downloadCsv } from '#shared/lib/csv.ts';
import { plural } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { ordersCsv, ordersCsvFileName, pickupSortKey, searchOrders } from '../lib/orders';
import { printOrders } from '../lib/print-orders';
import { FeastOrderActions } from './feast-order-actions';

const compareText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

const columns: TableColumnsType<FeastOrder> = [
  idColumn('Order ID'),
  {
    title: 'Customer',
    dataIndex: 'customerName',
    key: 'customer',
    width: 160,
    sorter: (a, b) => compareText(a.customerName, b.customerName),
    render: (name: string, o) => (
      <Flex gap={4} align="center" wrap>
        <Typography.Text strong>{name}</Typography.Text>
        <DisputeTag dispute={o.dispute} />
      </Flex>
    ),
  },
  contactColumn(),
  {
    title: 'Pickup',
    key: 'pickup',
    width: 130,
    sorter: (a, b) => pickupSortKey(a) - pickupSortKey(b),
    render: (_, o) => (
      <Flex vertical gap={2}>
        <span>{o.pickupDate}</span>
        <Typography.Text type="secondary">{o.pickupTime}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Items',
    key: 'items',
    width: 260,
    render: (_, o) => <OrderItems items={o.items} />,
  },
  moneyColumn('totalAmount', { width: 110, sorter: (a, b) => a.totalAmount - b.totalAmount }),
  dateColumn({ sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), defaultSortOrder: 'descend' }),
];

const actionsColumn: TableColumnsType<FeastOrder>[number] = {
  title: 'Actions',
  key: 'actions',
  width: 170,
  render: (_, o) => <FeastOrderActions order={o} />,
};

interface OrdersSectionProps {
  orders: FeastOrder[] | undefined;
  restaurantName: string | undefined;
  error: ReactNode;
  /** A past event's orders: shown and exported, without actions. */
  readOnly?: boolean;
}

/** 7. Feast Pack Orders: search, sort, export the shown orders to CSV, print them all. */
export function OrdersSection({ orders, restaurantName, error, readOnly = false }: OrdersSectionProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => (orders ? searchOrders(orders, search) : []), [orders, search]);
  const searching = search.trim() !== '';
  const toast = useToast();

  function exportCsv() {
    if (!orders || orders.length === 0) {
      toast.info('No orders to export', 'There are no feast pack orders to export yet.');
      return;
    }
    if (shown.length === 0) {
      toast.info('No orders to export', 'No orders match your search.');
      return;
    }
    downloadCsv(ordersCsv(shown), ordersCsvFileName());
    toast.success('Export successful', `${plural(shown.length, 'order')} exported to CSV`);
  }

  function print() {
    if (!orders || orders.length === 0) {
      toast.info('No orders to print', 'There are no feast pack orders to print yet.');
      return;
    }
    if (!printOrders(orders, restaurantName ?? 'Feast Pack Orders')) {
      toast.error('Print blocked', 'Allow pop-ups for this site to print the orders.');
    }
  }

  return (
    <DashboardTableSection<FeastOrder>
      title={
        <SectionTitle count={orders ? <CountTag count={orders.length} /> : null} subtitle="Pre-orders for pickup">
          Feast Pack Orders
        </SectionTitle>
      }
      error={error}
      rows={orders === undefined ? undefined : shown}
      skeletonRows={6}
      columns={readOnly ? columns : [...columns, actionsColumn]}
      tableLabel="Feast pack orders table"
      minWidth={readOnly ? 1170 : 1340}
      emptyText={searching && orders && orders.length > 0 ? 'No orders match your search' : 'No orders yet'}
    >
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label="Search orders"
          placeholder="Search by name, e-mail, phone, order ID or item"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 280px', maxWidth: 480 }}
        />
        <Flex gap={8} wrap>
          <Button onClick={exportCsv}>Export CSV</Button>
          <Button onClick={print}>Print</Button>
        </Flex>
      </Flex>
      {searching && orders ? (
        <Typography.Text type="secondary" aria-live="polite">
          Showing {shown.length} of {orders.length} orders
        </Typography.Text>
      ) : null}
    </DashboardTableSection>
  );
}
