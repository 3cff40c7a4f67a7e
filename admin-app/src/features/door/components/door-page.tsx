import { Button, Flex, Input } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@festival/router';
import { ManagerOnly } from '#shared/components/manager-only.tsx';
import { Notice, Panel } from '#shared/components/panel.tsx';
import { QrScanner } from '#shared/scanner/qr-scanner.tsx';
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
    <main className="door-page">
      <Flex vertical gap={12} className="door-page__content">
        <Flex gap={16} wrap>
          <ManagerOnly>
            <Link to="/admin">← Dashboard</Link>
          </ManagerOnly>
          <Link to="/admin/pickups">Feast pack pickups</Link>
          <Link to="/admin/kitchen">Kitchen Counts</Link>
        </Flex>
        <Flex justify="space-between" align="baseline" wrap gap={8}>
          <h1 className="door-page__title">Door Check-in</h1>
          <strong className="door-page__arrived" aria-live="polite" data-testid="arrived">
            {stats ? `Arrived ${stats.arrived} of ${stats.sold}` : 'Arrived …'}
          </strong>
        </Flex>
        {offline ? (
          <Notice
            type="warning"
            title={`Offline — ${state.pending} check-in${state.pending === 1 ? '' : 's'} waiting to sync`}
            description="Tickets are checked on this phone and sent when the network returns."
          />
        ) : state.pending > 0 ? (
          <Notice type="info" title={`Sending ${state.pending} check-in${state.pending === 1 ? '' : 's'} made offline…`} />
        ) : null}
        {state.snapshotAt ? (
          <p className="staff-muted" data-testid="offline-list">
            Guest list on this phone: {state.localStats?.sold ?? 0} tickets, updated {timeOf(state.snapshotAt)}
          </p>
        ) : null}
        {state.ready && !state.snapshotAt && offline ? (
          <Notice type="error" role="alert" title="This phone has no guest list yet: connect once to work offline." />
        ) : null}

        <ScanResultPanel entry={last} />

        <Panel size="small">
          <Flex vertical gap={12}>
            <QrScanner onCode={(text) => void admit(text)} label="Scan with camera" />
            <form
              className="door-form"
              onSubmit={(event) => {
                event.preventDefault();
                void admit(code);
              }}
            >
              <label htmlFor="door-ticket-code" className="door-label">
                Ticket code
              </label>
              <Input
                id="door-ticket-code"
                size="large"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <div className="door-form__row">
                <div>
                  <label htmlFor="door-guests" className="door-label">
                    Guests entering
                  </label>
                  <Input
                    id="door-guests"
                    size="large"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={50}
                    step={1}
                    placeholder="Everyone left"
                    value={guests ?? ''}
                    onChange={(e) => setGuests(guestsEntering(e.target.value))}
                    style={{ width: 160 }}
                  />
                </div>
                <Button type="primary" size="large" htmlType="submit" loading={busy}>
                  Check in
                </Button>
              </div>
            </form>
          </Flex>
        </Panel>

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
    </main>
  );
}

/** `Guests entering` as typed: a whole number from 1 to 50, else none (everyone left on the order). */
export function guestsEntering(typed: string): number | null {
  const value = Number(typed);
  return typed.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= 50 ? value : null;
}
