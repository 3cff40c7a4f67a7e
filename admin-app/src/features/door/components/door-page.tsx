import { Alert, Button, Card, Flex, Form, Input, InputNumber, Layout, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@festival/router';
import { ManagerOnly } from '../../../shared/components/manager-only';
import { QrScanner } from '../../../shared/scanner/qr-scanner';
import { useArrivals } from '../api/door-api';
import { useDoor } from '../hooks/use-door';
import { playScanSound } from '../lib/beep';
import { registerDoorServiceWorker } from '../lib/door-service-worker';
import type { ScanEntry } from '../lib/door-types';
import { CheckInConflicts } from './check-in-conflicts';
import { GuestSearch } from './guest-search';
import { RecentScans } from './recent-scans';
import { ScanResultPanel, timeOf } from './scan-result-panel';
import './door.css';

/** `Sell at the door`, loaded when opened: the scanner page does not carry it. */
const DoorSaleForm = lazy(() => import('./door-sale-form').then((module) => ({ default: module.DoorSaleForm })));

/**
 * `/admin/door` (door devices and the manager): scan or type a ticket code, or find the guest,
 * and admit them; `Arrived N of M` across every door; keeps admitting offline.
 */
export function DoorPage() {
  const { engine, state } = useDoor();
  const arrivals = useArrivals(state.online);
  const [code, setCode] = useState('');
  const [guests, setGuests] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [selling, setSelling] = useState(false);

  useEffect(() => {
    void registerDoorServiceWorker();
  }, []);

  const show = (entry: ScanEntry) => {
    playScanSound(entry.result === 'admitted');
    setGuests(null);
    if (state.online) void arrivals.refetch();
  };

  const admit = async (typed: string) => {
    if (!typed.trim() || busy) return;
    setBusy(true);
    try {
      show(await engine.scan(typed, guests ?? undefined));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const stats = state.online && arrivals.data ? arrivals.data : state.localStats;
  const offline = !state.online;
  const last = state.recent[0] ?? null;

  return (
    <Layout className="door-page">
      <Layout.Content className="door-page__content">
        <Flex vertical gap={12}>
          <Flex gap={16} wrap>
            <ManagerOnly>
              <Link to="/admin">← Dashboard</Link>
            </ManagerOnly>
            <Link to="/admin/pickups">Feast pack pickups</Link>
          </Flex>
          <Flex justify="space-between" align="baseline" wrap gap={8}>
            <Typography.Title level={1} className="door-page__title">
              Door Check-in
            </Typography.Title>
            <strong className="door-page__arrived" aria-live="polite" data-testid="arrived">
              {stats ? `Arrived ${stats.arrived} of ${stats.sold}` : 'Arrived …'}
            </strong>
          </Flex>
          {offline ? (
            <Alert
              type="warning"
              role="status"
              title={`Offline — ${state.pending} check-in${state.pending === 1 ? '' : 's'} waiting to sync`}
              description="Tickets are checked on this phone and sent when the network returns."
            />
          ) : state.pending > 0 ? (
            <Alert type="info" role="status" title={`Sending ${state.pending} check-in${state.pending === 1 ? '' : 's'} made offline…`} />
          ) : null}
          {state.snapshotAt ? (
            <Typography.Text type="secondary" data-testid="offline-list">
              Guest list on this phone: {state.localStats?.sold ?? 0} tickets, updated {timeOf(state.snapshotAt)}
            </Typography.Text>
          ) : null}
          {state.ready && !state.snapshotAt && offline ? (
            <Alert type="error" title="This phone has no guest list yet: connect once to work offline." />
          ) : null}

          <ScanResultPanel entry={last} />

          <Card size="small">
            <Flex vertical gap={12}>
              <QrScanner onCode={(text) => void admit(text)} label="Scan with camera" />
              <Form layout="vertical" onFinish={() => void admit(code)} requiredMark={false}>
                <Form.Item label="Ticket code" htmlFor="door-ticket-code" style={{ marginBottom: 12 }}>
                  <Input
                    id="door-ticket-code"
                    size="large"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </Form.Item>
                <Flex gap={12} align="end" wrap>
                  <Form.Item label="Guests entering" htmlFor="door-guests" style={{ marginBottom: 0 }}>
                    <InputNumber
                      id="door-guests"
                      size="large"
                      min={1}
                      max={50}
                      precision={0}
                      placeholder="Everyone left"
                      value={guests}
                      onChange={(value) => setGuests(typeof value === 'number' ? value : null)}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <Button type="primary" size="large" htmlType="submit" loading={busy}>
                    Check in
                  </Button>
                </Flex>
              </Form>
            </Flex>
          </Card>

          {selling && state.online ? (
            <Suspense fallback={<p>Loading the sale form…</p>}>
              <DoorSaleForm onSold={() => void arrivals.refetch()} onClose={() => setSelling(false)} />
            </Suspense>
          ) : (
            <div>
              <Button disabled={offline} onClick={() => setSelling(true)}>
                Sell at the door
              </Button>
            </div>
          )}

          <GuestSearch engine={engine} online={state.online} guests={guests} onAdmitted={show} />
          <RecentScans scans={state.recent} />
          <CheckInConflicts online={state.online} refreshKey={state.conflictsSeen} />
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
