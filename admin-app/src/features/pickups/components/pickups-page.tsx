import { Button, Card, Flex, Form, Input, Layout, Skeleton, Tag, Typography, type InputRef } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { PickupOrder, PickupResponse } from '@festival/contracts';
import { Link } from '@festival/router';
import { errorMessage } from '#shared/api/error-message.ts';
import { deskResult, type DeskResultTone } from '#shared/components/desk-result.ts';
import { ManagerOnly } from '#shared/components/manager-only.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { QrScanner } from '#shared/scanner/qr-scanner.tsx';
import { usePickUp, usePickups } from '../api/pickups';
import './pickups.css';
import { groupByPickupTime, itemsText, pickedUpDetail, type PickupGroup } from '../lib/pickup-groups';

/** The last pickup's answer, large enough to read at arm's length. */
function PickupResult({ answer, failure }: { answer: PickupResponse | null; failure: string | null }) {
  if (failure) {
    return (
      <div className={`${deskResult.panel('bad')} pickups-no-print`} role="status">
        <p className={deskResult.headline}>Not recorded</p>
        <p className={deskResult.detail}>{failure}</p>
      </div>
    );
  }
  if (!answer) {
    return (
      <div className={`${deskResult.panel()} pickups-no-print`} role="status">
        <p className={deskResult.detail}>Scan or type a pickup code, or find the order below.</p>
      </div>
    );
  }
  const { result, order } = answer;
  const who = order ? `${order.reference} · ${order.customerName}` : null;
  const [tone, headline, detail]: [DeskResultTone, string, string | null] =
    result === 'picked_up'
      ? ['ok', 'Picked up', order ? itemsText(order) : null]
      : result === 'already_picked_up'
        ? ['bad', 'Already picked up', order?.pickedUpAt ? `At ${pickedUpDetail(order)}` : null]
        : result === 'not_paid'
          ? ['bad', 'Not paid', 'This pre-order is not paid: do not hand it over.']
          : ['bad', 'Not a valid pickup code', 'Check the code, or find the order by name, phone or reference.'];
  return (
    <div className={`${deskResult.panel(tone)} pickups-no-print`} role="status" aria-live="polite">
      <p className={deskResult.headline}>{headline}</p>
      {who && result !== 'invalid' ? <p className={deskResult.detail}>{who}</p> : null}
      {detail ? <p className={deskResult.detail}>{detail}</p> : null}
    </div>
  );
}

/** One order of the list: who and what, and `Picked up` (or when and by whom it was). */
function PickupRow({ order, busy, onPickUp }: { order: PickupOrder; busy: boolean; onPickUp(order: PickupOrder): void }) {
  return (
    <li className={`pickups-row${order.pickedUpAt ? ' pickups-row--done' : ''}`} aria-label={`Order ${order.reference}`}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div className="pickups-row__who">
          <Typography.Text strong className="pickups-row__reference">
            {order.reference}
          </Typography.Text>{' '}
          <Typography.Text strong>{order.customerName}</Typography.Text>
          <div>
            <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>{order.customerPhone}</a>
          </div>
          <div className="pickups-row__items">{itemsText(order)}</div>
        </div>
        {order.pickedUpAt ? (
          <div className="pickups-row__status">
            <Tag color="green">Picked up</Tag>
            <Typography.Text type="secondary">{pickedUpDetail(order)}</Typography.Text>
          </div>
        ) : (
          <>
            <Button type="primary" size="large" className="pickups-no-print" loading={busy} onClick={() => onPickUp(order)}>
              Picked up
            </Button>
            <span className="pickups-print-only pickups-row__box" aria-hidden="true" />
          </>
        )}
      </Flex>
    </li>
  );
}

function PickupGroupSection({
  group,
  busyId,
  onPickUp,
}: {
  group: PickupGroup;
  busyId: string | null;
  onPickUp(order: PickupOrder): void;
}) {
  return (
    <section className="pickups-group" aria-label={group.title}>
      <Typography.Title level={2} className="pickups-group__title">
        {group.title}
      </Typography.Title>
      <Typography.Text type="secondary">
        {group.orders.length} order{group.orders.length === 1 ? '' : 's'} · {group.packs} pack{group.packs === 1 ? '' : 's'} ·{' '}
        {group.pickedUp} picked up
      </Typography.Text>
      <ul className="pickups-list">
        {group.orders.map((order) => (
          <PickupRow key={order.orderId} order={order} busy={busyId === order.orderId} onPickUp={onPickUp} />
        ))}
      </ul>
    </section>
  );
}

/**
 * `/admin/pickups` (door devices and the manager): the feast pack pickup desk. A pickup code,
 * scanned or typed, marks its order picked up; the paid pre-orders are listed by pickup time
 * with `Picked up` on each, and print as a list to tick off.
 */
export function PickupsPage() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<PickupResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const codeField = useRef<InputRef>(null);
  const pickups = usePickups(search);
  const pickUp = usePickUp();
  const groups = useMemo(() => groupByPickupTime(pickups.data?.orders ?? []), [pickups.data]);

  const send = (request: { code: string } | { orderId: string }, done?: () => void) => {
    setFailure(null);
    pickUp.mutate(request, {
      onSuccess: (response) => setAnswer(response),
      onError: (error) => {
        setAnswer(null);
        setFailure(errorMessage(error, 'The pickup could not be recorded. Please check the connection and try again.'));
      },
      onSettled: done,
    });
  };

  const submitCode = (text: string) => {
    const typed = text.trim();
    if (!typed || pickUp.isPending) return;
    send({ code: typed }, () => {
      setCode('');
      codeField.current?.focus();
    });
  };

  const markPickedUp = (order: PickupOrder) => {
    if (busyId) return;
    setBusyId(order.orderId);
    send({ orderId: order.orderId }, () => setBusyId(null));
  };

  const total = pickups.data?.orders.length ?? 0;
  return (
    <Layout className="pickups-page">
      <Layout.Content className="pickups-page__content">
        <Flex vertical gap={12}>
          <Flex gap={16} wrap className="pickups-no-print">
            <ManagerOnly>
              <Link to="/admin">← Dashboard</Link>
            </ManagerOnly>
            <Link to="/admin/door">Door check-in</Link>
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={1} className="pickups-page__title">
              Feast Pack Pickups
            </Typography.Title>
            <Button className="pickups-no-print" onClick={() => window.print()} disabled={!pickups.data}>
              Print pickup list
            </Button>
          </Flex>

          <PickupResult answer={answer} failure={failure} />

          <Card size="small" className="pickups-no-print">
            <Flex vertical gap={12}>
              <QrScanner onCode={submitCode} label="Scan with camera" />
              <Form layout="vertical" onFinish={() => submitCode(code)} requiredMark={false}>
                <Form.Item
                  label="Pickup code"
                  htmlFor="pickup-code"
                  extra="A scanned or entered code marks its order picked up."
                  style={{ marginBottom: 12 }}
                >
                  <Input
                    id="pickup-code"
                    ref={codeField}
                    size="large"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </Form.Item>
                <Button type="primary" size="large" htmlType="submit" loading={pickUp.isPending && busyId === null}>
                  Mark picked up
                </Button>
              </Form>
            </Flex>
          </Card>

          <Card size="small" className="pickups-no-print">
            <label htmlFor="pickup-search" className="pickups-label">
              Search orders
            </label>
            <Input.Search
              id="pickup-search"
              size="large"
              placeholder="Name, phone or reference"
              enterButton="Search"
              allowClear
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                if (e.target.value === '') setSearch('');
              }}
              onSearch={(text) => setSearch(text.trim())}
            />
          </Card>

          {pickups.error ? (
            <SectionError what="pickup list" error={pickups.error} onRetry={() => void pickups.refetch()} />
          ) : !pickups.data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : total === 0 ? (
            <Typography.Text type="secondary">
              {search ? `No paid pre-order matches “${search}”.` : 'No paid pre-orders yet.'}
            </Typography.Text>
          ) : (
            <>
              <Typography.Text type="secondary" className="pickups-summary">
                {search
                  ? `${total} order${total === 1 ? '' : 's'} matching “${search}”`
                  : `${total} paid pre-order${total === 1 ? '' : 's'}`}
              </Typography.Text>
              {groups.map((group) => (
                <PickupGroupSection key={group.title} group={group} busyId={busyId} onPickUp={markPickedUp} />
              ))}
            </>
          )}
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
