import { Button, InputNumber, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatCents, type Drink } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useUpdateDrinkStock } from '../api/update-drink-stock';
import { useToast } from '#shared/toast/use-toast.ts';

/** How many of each drink are left; 0 shows Out of Stock on the guests' menu. */
export function StockEditor({ drinks, loading }: { drinks: Drink[]; loading: boolean }) {
  const toast = useToast();
  const update = useUpdateDrinkStock();
  const [drafts, setDrafts] = useState<Record<string, number | null>>({});

  async function save(drink: Drink, available: number) {
    try {
      const saved = await update.mutateAsync({ id: drink.id, available });
      setDrafts((d) => {
        const next = { ...d };
        delete next[drink.id];
        return next;
      });
      toast.success(saved.available === 0 ? `${saved.name} is now Out of Stock` : `${saved.name}: ${saved.available} left`);
    } catch (error) {
      toast.error((error instanceof ApiError && error.serverMessage) || `Could not update ${drink.name}`);
    }
  }

  const columns: TableColumnsType<Drink> = [
    { title: 'Drink', dataIndex: 'name', key: 'name' },
    { title: 'Category', dataIndex: 'category', key: 'category', width: 140 },
    { title: 'Price', key: 'price', width: 90, render: (_, d) => formatCents(d.price) },
    {
      title: 'Left',
      key: 'available',
      width: 120,
      render: (_, d) => (d.available === 0 ? <Tag color="red">Out of Stock</Tag> : d.available),
    },
    {
      title: 'Set stock',
      key: 'edit',
      width: 330,
      render: (_, d) => {
        const draft = drafts[d.id];
        const value = draft === undefined ? d.available : draft;
        return (
          <Space wrap>
            <InputNumber
              min={0}
              max={100000}
              precision={0}
              value={value}
              aria-label={`Available ${d.name}`}
              onChange={(v) => setDrafts((all) => ({ ...all, [d.id]: v }))}
              onPressEnter={() => value !== null && void save(d, value)}
            />
            <Button
              onClick={() => value !== null && void save(d, value)}
              disabled={value === null || value === d.available}
              aria-label={`Save stock of ${d.name}`}
            >
              Save
            </Button>
            <Button danger disabled={d.available === 0} onClick={() => void save(d, 0)} aria-label={`Mark ${d.name} out of stock`}>
              Out of Stock
            </Button>
          </Space>
        );
      },
    },
  ];
  return (
    <Table<Drink> rowKey="id" size="small" columns={columns} dataSource={drinks} loading={loading} pagination={false} scroll={{ x: 800 }} />
  );
}
