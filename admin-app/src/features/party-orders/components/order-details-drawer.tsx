import { Descriptions, Divider, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import { LANGUAGE_STAFF_NAMES, type PartyOrderDetails } from '@festival/contracts';
import { DisputeDescription, DisputeTag } from '#shared/components/dispute-tag.tsx';
import { OrderTimeline } from '#shared/components/order-timeline.tsx';
import { PriceBreakdown, type PriceLine } from '#shared/components/price-breakdown.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { formatMoney } from '#shared/lib/format.ts';
import { usePartyOrderDetails } from '../api/party-order-details';
import { orderLineText, TIMELINE_LABELS } from '../lib/order-details';
import { OrderActions } from './order-actions';
import { OrderMeals } from './order-meals';
import { PaymentTag } from './payment-tag';

const STATUS_COLORS: Record<PartyOrderDetails['status'], string> = {
  pending: 'gold',
  paid: 'green',
  cancelled: 'default',
  refunding: 'orange',
  refunded: 'red',
};

/** The payment's reference at the gateway; a comp and a cash sale have none. */
function paymentLabel(order: PartyOrderDetails): string {
  if (order.paymentMethod === 'comp') return 'None: complimentary';
  if (order.paymentMethod === 'cash') return 'Cash at the door';
  return order.paymentReference ?? '—';
}

interface OrderDetailsDrawerProps {
  /** The order shown, or null when the drawer is closed. */
  orderId: string | null;
  onClose: () => void;
  /** A past event's order: shown, never changed. */
  readOnly?: boolean;
}

/** `Order details`: the buyer, tickets, price breakdown, payment, timeline, and the manager's actions. */
export function OrderDetailsDrawer({ orderId, onClose, readOnly = false }: OrderDetailsDrawerProps) {
  const details = usePartyOrderDetails(orderId);
  return (
    <Drawer title="Order details" open={orderId !== null} onClose={onClose} size="large" destroyOnHidden>
      {details.error ? (
        <SectionError what="order" error={details.error} fallback="Try again in a moment." />
      ) : !details.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <OrderDetailsBody order={details.data} readOnly={readOnly} />
      )}
    </Drawer>
  );
}

function OrderDetailsBody({ order, readOnly }: { order: PartyOrderDetails; readOnly: boolean }) {
  const lines: PriceLine[] = [];
  if (order.adultTickets > 0)
    lines.push([`Adult tickets × ${order.adultTickets}`, formatMoney(order.adultTickets * order.adultPriceCents)]);
  if (order.childTickets > 0)
    lines.push([`Child tickets × ${order.childTickets}`, formatMoney(order.childTickets * order.childPriceCents)]);
  for (const line of order.lines) lines.push([`${line.name} × ${line.quantity}`, formatMoney(line.quantity * line.unitPriceCents)]);
  lines.push(['Subtotal', formatMoney(order.subtotalCents)]);
  if (order.groupDiscountCents > 0)
    lines.push([`Group discount (${order.groupDiscountPercent}%)`, `−${formatMoney(order.groupDiscountCents)}`]);
  if (order.promoDiscountCents > 0) {
    lines.push([`Promo code ${order.promoCode ?? ''} (${order.promoDiscountPercent}%)`, `−${formatMoney(order.promoDiscountCents)}`]);
  }
  lines.push(['Tax', formatMoney(order.taxCents)]);
  lines.push(['Total', formatMoney(order.totalCents)]);
  if (order.refundedCents > 0) lines.push(['Refunded', `−${formatMoney(order.refundedCents)}`]);

  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Reference">
          <Typography.Text code>{order.reference}</Typography.Text> <Tag color={STATUS_COLORS[order.status]}>{order.status}</Tag>
          <PaymentTag paymentMethod={order.paymentMethod} />
          <DisputeTag dispute={order.dispute?.status} />
        </Descriptions.Item>
        {order.comp ? <Descriptions.Item label="Comp reason">{order.compReason ?? '—'}</Descriptions.Item> : null}
        <Descriptions.Item label="Buyer">
          <Flex vertical>
            <Typography.Text strong>{order.customerName}</Typography.Text>
            <span>{order.customerEmail}</span>
            <Typography.Text type="secondary">{order.customerPhone}</Typography.Text>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Language">{LANGUAGE_STAFF_NAMES[order.language]}</Descriptions.Item>
        <Descriptions.Item label="Valid tickets">
          {order.validAdults} adult, {order.validChildren} child
        </Descriptions.Item>
        {order.lines.length > 0 ? (
          <Descriptions.Item label="Other tickets">
            <Flex vertical>
              {order.lines.map((line) => (
                <span key={line.typeId}>
                  {orderLineText(line)}
                  {line.valid < line.quantity ? <Typography.Text type="secondary">{` · ${line.valid} valid`}</Typography.Text> : null}
                </span>
              ))}
            </Flex>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Payment reference">{paymentLabel(order)}</Descriptions.Item>
        {order.dispute ? (
          <Descriptions.Item label="Dispute">
            <DisputeDescription dispute={order.dispute} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Confirmation e-mail">
          {order.emailStatus === 'failed' ? <Typography.Text type="danger">Failed: {order.emailError}</Typography.Text> : order.emailStatus}
        </Descriptions.Item>
      </Descriptions>

      <PriceBreakdown lines={lines} />

      <OrderMeals order={order} readOnly={readOnly} />

      {readOnly ? null : <OrderActions order={order} />}

      <Divider titlePlacement="start">Timeline</Divider>
      <OrderTimeline steps={order.timeline} labels={TIMELINE_LABELS} />
    </Flex>
  );
}
