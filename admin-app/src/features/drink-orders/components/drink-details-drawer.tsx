import { Button, Descriptions, Divider, Drawer, Flex, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import {
  BAR_ORDER_STATUS_LABELS,
  LANGUAGE_STAFF_NAMES,
  type DrinkOrderDetails,
  type DrinkTabDetails,
  type DrinkTabOrderView,
} from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { DisputeDescription, DisputeTag } from '#shared/components/dispute-tag.tsx';
import { OrderTimeline } from '#shared/components/order-timeline.tsx';
import { PriceBreakdown, type PriceLine } from '#shared/components/price-breakdown.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { formatDateTime, formatMoney } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useDrinkOrderDetails, useDrinkTabDetails, useRefundDrinkOrder, useResendDrinkReceipt } from '../api/drink-details';
import { DRINK_TIMELINE_LABELS, drinkOrderStatusLabel, TAB_STATUS_LABELS } from '../lib/drink-details';

/** What the drawer shows: one drinks order, or one tab. */
export type DrinkDetailsTarget = { kind: 'order'; id: string } | { kind: 'tab'; id: string };

interface DrinkDetailsDrawerProps {
  /** The order or tab shown, or null when the drawer is closed. */
  target: DrinkDetailsTarget | null;
  /** Opens another (a tab from one of its orders). */
  onOpen: (target: DrinkDetailsTarget) => void;
  onClose: () => void;
}

/** `Order details` of a drinks order or a tab: the guest, the lines, the price, the payment and the timeline. */
export function DrinkDetailsDrawer({ target, onOpen, onClose }: DrinkDetailsDrawerProps) {
  const order = useDrinkOrderDetails(target?.kind === 'order' ? target.id : null);
  const tab = useDrinkTabDetails(target?.kind === 'tab' ? target.id : null);
  const query = target?.kind === 'tab' ? tab : order;
  return (
    <Drawer title="Order details" open={target !== null} onClose={onClose} size="large" destroyOnHidden>
      {query.error ? (
        <SectionError what={target?.kind === 'tab' ? 'tab' : 'order'} error={query.error} fallback="Try again in a moment." />
      ) : target?.kind === 'tab' && tab.data ? (
        <TabDetailsBody tab={tab.data} />
      ) : target?.kind === 'order' && order.data ? (
        <OrderDetailsBody order={order.data} onOpenTab={(id) => onOpen({ kind: 'tab', id })} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}

function Guest({ name, email, phone }: { name: string; email: string | null; phone: string | null }) {
  return (
    <Flex vertical>
      <Typography.Text strong>{name}</Typography.Text>
      {email ? <span>{email}</span> : null}
      {phone ? <Typography.Text type="secondary">{phone}</Typography.Text> : null}
    </Flex>
  );
}

function OrderDetailsBody({ order, onOpenTab }: { order: DrinkOrderDetails; onOpenTab: (tabId: string) => void }) {
  const lines: PriceLine[] = order.lines.map((l) => [`${l.name} × ${l.quantity}`, formatMoney(l.amountCents)]);
  lines.push(
    ['Subtotal', formatMoney(order.subtotalCents)],
    ['Tax', formatMoney(order.taxCents)],
    ...(order.tipCents > 0 ? [['Tip', formatMoney(order.tipCents)] as PriceLine] : []),
    ['Total', formatMoney(order.totalCents)],
  );
  if (order.refundedCents > 0) lines.push(['Refunded', `−${formatMoney(order.refundedCents)}`]);
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Order">
          <Typography.Text code>{order.number !== null ? `#${order.number}` : order.id.slice(0, 8)}</Typography.Text>{' '}
          <Tag>{drinkOrderStatusLabel(order.status)}</Tag>
          <DisputeTag dispute={order.dispute?.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Guest">
          <Guest name={order.customerName} email={order.customerEmail} phone={order.customerPhone} />
        </Descriptions.Item>
        <Descriptions.Item label="Table">{order.tableNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Language">{LANGUAGE_STAFF_NAMES[order.language]}</Descriptions.Item>
        <Descriptions.Item label="At the bar">{BAR_ORDER_STATUS_LABELS[order.barStatus]}</Descriptions.Item>
        <Descriptions.Item label="Payment">
          {order.tab ? (
            <Flex gap={8} align="center" wrap>
              <span>On tab {order.tab.reference}</span>
              <Button size="small" onClick={() => onOpenTab(order.tab!.id)} aria-label={`Tab details of ${order.tab.reference}`}>
                Tab details
              </Button>
            </Flex>
          ) : (
            'Card'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Payment reference">
          {order.paymentReference ?? (order.tab ? 'Charged with its tab' : '—')}
        </Descriptions.Item>
        {order.dispute ? (
          <Descriptions.Item label="Dispute">
            <DisputeDescription dispute={order.dispute} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <PriceBreakdown lines={lines} />
      {order.payment === 'card' && (order.status === 'paid' || order.status === 'refunding') ? <RefundButton order={order} /> : null}
      {order.payment === 'card' && order.customerEmail && order.status !== 'pending' && order.status !== 'cancelled' ? (
        <ResendReceiptButton kind="order" id={order.id} />
      ) : null}
      <Divider titlePlacement="start">Timeline</Divider>
      <OrderTimeline steps={order.timeline} labels={DRINK_TIMELINE_LABELS} />
    </Flex>
  );
}

/** `Refund`: the whole order (what is left of it) back to the card, after a confirmation. */
function RefundButton({ order }: { order: DrinkOrderDetails }) {
  const refund = useRefundDrinkOrder(order.id);
  const toast = useToast();
  const amount = formatMoney(order.totalCents - order.refundedCents);
  return (
    <Flex>
      <Popconfirm
        title={`Refund ${amount} to ${order.customerName}?`}
        description="The whole order goes back to the card. The drinks stay sold."
        okText="Refund"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() =>
          refund.mutateAsync().then(
            () => toast.success('Refunded', `${amount} back to ${order.customerName}'s card`),
            (error: unknown) => toast.error('The refund did not go through', errorMessage(error, 'Try again in a moment.')),
          )
        }
      >
        <Button danger loading={refund.isPending}>
          Refund
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** `Resend receipt`: the itemised receipt e-mailed again to the guest. */
function ResendReceiptButton({ kind, id }: { kind: 'order' | 'tab'; id: string }) {
  const resend = useResendDrinkReceipt(kind, id);
  const toast = useToast();
  return (
    <Flex>
      <Button
        loading={resend.isPending}
        onClick={() =>
          resend.mutateAsync().then(
            (answer) => toast.success('Receipt sent', answer.message),
            (error: unknown) => toast.error('The receipt was not sent', errorMessage(error, 'Try again in a moment.')),
          )
        }
      >
        Resend receipt
      </Button>
    </Flex>
  );
}

function TabDetailsBody({ tab }: { tab: DrinkTabDetails }) {
  const closed = tab.status === 'closed' || tab.status === 'settled';
  const lines: PriceLine[] = [
    ['Subtotal', formatMoney(tab.subtotalCents)],
    ['Tax', formatMoney(tab.taxCents)],
    ['Total', formatMoney(tab.totalCents)],
  ];
  if (tab.tipCents > 0) lines.push(['Tip', formatMoney(tab.tipCents)]);
  if (tab.chargedCents !== null && closed) lines.push(['Charged to the card', formatMoney(tab.chargedCents)]);
  if (tab.refundedCents > 0) lines.push(['Refunded', `−${formatMoney(tab.refundedCents)}`]);
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Tab">
          <Typography.Text code>{tab.reference}</Typography.Text> <Tag>{TAB_STATUS_LABELS[tab.status]}</Tag>
          <DisputeTag dispute={tab.dispute?.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Guest">
          <Guest name={tab.customerName} email={tab.customerEmail} phone={tab.customerPhone} />
        </Descriptions.Item>
        <Descriptions.Item label="Table">{tab.tableNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Limit">{formatMoney(tab.limitCents)}</Descriptions.Item>
        <Descriptions.Item label="Payment reference">
          {tab.paymentReference ?? (closed ? 'None: not charged' : 'Charged when the tab closes')}
        </Descriptions.Item>
        {tab.lastChargeError && !closed ? (
          <Descriptions.Item label="Last charge">
            <Typography.Text type="danger">{tab.lastChargeError}</Typography.Text>
          </Descriptions.Item>
        ) : null}
        {tab.dispute ? (
          <Descriptions.Item label="Dispute">
            <DisputeDescription dispute={tab.dispute} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table<DrinkTabOrderView>
        aria-label="Orders on the tab"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={tab.orders}
        locale={{ emptyText: 'No orders on this tab' }}
        columns={[
          { title: 'Order', dataIndex: 'number', render: (n: number | null) => (n !== null ? `#${n}` : '—') },
          {
            title: 'Items',
            key: 'items',
            render: (_, o) => o.items.map((item) => `${item.name} × ${item.quantity}`).join(', '),
          },
          { title: 'Ordered', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
          { title: 'Subtotal', dataIndex: 'subtotalCents', align: 'right', render: (c: number) => formatMoney(c) },
        ]}
      />
      <PriceBreakdown lines={lines} />
      {tab.status === 'closed' && tab.chargedCents && tab.customerEmail ? <ResendReceiptButton kind="tab" id={tab.id} /> : null}
      <Divider titlePlacement="start">Timeline</Divider>
      <OrderTimeline steps={tab.timeline} labels={DRINK_TIMELINE_LABELS} />
    </Flex>
  );
}
