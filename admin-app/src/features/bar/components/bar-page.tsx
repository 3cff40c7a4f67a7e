import { Badge, Space, Tabs, Typography } from 'antd';
import { Link } from '@festival/router';
import { colors, staffColors } from '@festival/web-kit/tokens';
import { ManagerOnly } from '../../../shared/components/manager-only';
import { BAR_POLL_MS, useBarOrders } from '../api/bar-orders';
import { useDrinkTabs } from '../api/drink-tabs';
import { useDrinksStock } from '../api/drinks-stock';
import { BarQueue } from './bar-queue';
import { OpenTabs } from './open-tabs';
import { StockEditor } from './stock-editor';
import './bar.css';

/** `/admin/bar`: the live bar queue, open tabs with Close & Charge, and stock. Staff only. */
export function BarPage() {
  const orders = useBarOrders();
  const tabs = useDrinkTabs();
  const stock = useDrinksStock();

  const waiting = (orders.data ?? []).filter((o) => o.status !== 'served').length;
  const openTabs = (tabs.data ?? []).filter((t) => t.status === 'open' || t.status === 'closing');
  const updated = orders.dataUpdatedAt ? new Date(orders.dataUpdatedAt).toLocaleTimeString('en-US') : null;

  return (
    <main className="bar-page">
      <Space orientation="vertical" size={4} style={{ marginBottom: 16 }}>
        <ManagerOnly>
          <Link to="/admin">← Dashboard</Link>
        </ManagerOnly>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Bar
        </Typography.Title>
        <Typography.Text type="secondary" aria-live="off">
          <span className="bar-live-dot" style={{ background: staffColors.live }} aria-hidden="true" /> Live: refreshes every{' '}
          {BAR_POLL_MS / 1000} seconds
          {updated ? ` · updated ${updated}` : ''}
          {orders.isError ? ' · connection problem, retrying' : ''}
        </Typography.Text>
      </Space>
      <Tabs
        defaultActiveKey="queue"
        items={[
          {
            key: 'queue',
            label: (
              <span>
                Bar Queue <Badge count={waiting} showZero color={colors.saffron} />
              </span>
            ),
            children: <BarQueue orders={orders.data ?? []} loading={orders.isPending} />,
          },
          {
            key: 'tabs',
            label: (
              <span>
                Open Tabs <Badge count={openTabs.length} showZero color={colors.maroon} />
              </span>
            ),
            children: <OpenTabs tabs={tabs.data ?? []} loading={tabs.isPending} />,
          },
          { key: 'stock', label: 'Stock', children: <StockEditor drinks={stock.data ?? []} loading={stock.isPending} /> },
        ]}
      />
    </main>
  );
}
