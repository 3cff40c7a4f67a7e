import { Alert, Badge, Button, Space, Switch, Tabs, Typography } from 'antd';
import { Link } from '@festival/router';
import { colors, staffColors } from '@festival/web-kit/tokens';
import { ManagerOnly } from '#shared/components/manager-only.tsx';
import { BAR_POLL_MS, useBarOrders } from '../api/bar-orders';
import { useDrinkTabs } from '../api/drink-tabs';
import { useDrinksStock } from '../api/drinks-stock';
import { useBarSound } from '../hooks/use-bar-sound';
import { useNewOrderAlert } from '../hooks/use-new-order-alert';
import { useWakeLock, type WakeLockState } from '../hooks/use-wake-lock';
import { playChime } from '../lib/chime';
import { BarQueue } from './bar-queue';
import { ComplimentaryDrinks } from './complimentary-drinks';
import { OpenTabs } from './open-tabs';
import { StockEditor } from './stock-editor';
import './bar.css';

const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  on: 'Screen stays awake',
  off: 'Screen may sleep: tap the page to keep it awake',
  unsupported: 'This browser cannot keep the screen awake: turn off auto-lock in the tablet settings',
};

/**
 * `/admin/bar`: the live bar queue, open tabs with Close & Charge, stock, and the tickets'
 * complimentary drinks. Staff only.
 */
export function BarPage() {
  const orders = useBarOrders();
  const tabs = useDrinkTabs();
  const stock = useDrinksStock();
  const sound = useBarSound();
  const alert = useNewOrderAlert(orders.data, sound.chime);
  const wakeLock = useWakeLock();

  const waiting = (orders.data ?? []).filter((o) => o.status !== 'served').length;
  const openTabs = (tabs.data ?? []).filter((t) => t.status === 'open' || t.status === 'closing');
  const updated = orders.dataUpdatedAt ? new Date(orders.dataUpdatedAt).toLocaleTimeString('en-US') : null;
  const arrived = alert.arrived.length;

  return (
    <main className="bar-page">
      <div className="bar-page__head">
        <Space orientation="vertical" size={4}>
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
          <Typography.Text type="secondary" data-testid="wake-lock">
            {WAKE_LOCK_TEXT[wakeLock]}
          </Typography.Text>
        </Space>
        {sound.supported ? (
          <Space wrap className="bar-page__sound">
            <Switch checked={!sound.muted} onChange={(on) => sound.setMuted(!on)} aria-label="New-order sound" />
            <span aria-hidden="true">New-order sound</span>
            {!sound.muted && !sound.unlocked ? (
              <Button
                size="large"
                onClick={() => {
                  sound.unlock();
                  playChime();
                }}
              >
                Turn on sound
              </Button>
            ) : null}
          </Space>
        ) : null}
      </div>
      <div role="status" aria-live="assertive" className="bar-page__arrivals">
        {arrived > 0 ? (
          <Alert
            type="warning"
            showIcon={false}
            title={
              <Space wrap>
                <Badge count={arrived} color={colors.saffron} />
                <strong>
                  {arrived === 1 ? '1 new order' : `${arrived} new orders`}: {alert.arrived.map((o) => `#${o.number}`).join(', ')}
                </strong>
              </Space>
            }
            action={
              <Button size="large" onClick={alert.acknowledge}>
                Got it
              </Button>
            }
          />
        ) : null}
      </div>
      <Tabs
        defaultActiveKey="queue"
        size="large"
        items={[
          {
            key: 'queue',
            label: (
              <span>
                Bar Queue <Badge count={waiting} showZero color={colors.saffron} />
              </span>
            ),
            children: <BarQueue orders={orders.data ?? []} loading={orders.isPending} isArrival={alert.isArrival} />,
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
          { key: 'complimentary', label: 'Complimentary Drinks', children: <ComplimentaryDrinks /> },
        ]}
      />
    </main>
  );
}
