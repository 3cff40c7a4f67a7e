import { Table } from 'antd';
import type { DrinkItemRow } from '@festival/contracts';
import { formatCount, formatMoney } from '#shared/lib/format.ts';

/** `Drinks by item`: each drink's quantity and revenue before tax. */
export function DrinksByItemTable({ items }: { items: DrinkItemRow[] | undefined }) {
  return (
    <Table<DrinkItemRow>
      aria-label="Drinks by item"
      rowKey="name"
      size="small"
      loading={!items}
      dataSource={items ?? []}
      pagination={false}
      locale={{ emptyText: 'No drinks sold in this period' }}
      columns={[
        { title: 'Drink', dataIndex: 'name' },
        { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: (n: number) => formatCount(n) },
        { title: 'Revenue (before tax)', dataIndex: 'revenueCents', align: 'right', render: formatMoney },
      ]}
    />
  );
}
