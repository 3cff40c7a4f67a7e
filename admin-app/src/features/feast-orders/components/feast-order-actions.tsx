import { Button, Flex, Popconfirm } from 'antd';
import type { FeastOrder } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { formatDateTime, formatMoney } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useFeastOrderAction } from '../api/feast-order-actions';

/**
 * `Resend` (the confirmation with its pickup code) and `Refund` (the whole pre-order), each after
 * a confirmation; a pre-order the desk already handed over says so, and its refund is sent as
 * confirmed (`confirmPickedUp`).
 */
export function FeastOrderActions({ order }: { order: FeastOrder }) {
  const resend = useFeastOrderAction('resend-confirmation');
  const refund = useFeastOrderAction('refund');
  const toast = useToast();
  return (
    <Flex gap={4} wrap>
      <Popconfirm
        title="E-mail the pre-order confirmation again?"
        description={`To ${order.customerEmail}`}
        okText="Send"
        cancelText="Cancel"
        onConfirm={() =>
          resend.mutateAsync({ orderId: order.id }).then(
            () => toast.success('Confirmation e-mailed again', `Sent to ${order.customerEmail}`),
            (error: unknown) => toast.error('The confirmation was not sent', errorMessage(error, 'Try again in a moment.')),
          )
        }
      >
        <Button size="small" loading={resend.isPending} aria-label={`Resend the pre-order confirmation of ${order.customerName}`}>
          Resend
        </Button>
      </Popconfirm>
      <Popconfirm
        title={`Refund ${formatMoney(order.totalAmount)} to ${order.customerName}?`}
        description={
          order.pickedUpAt
            ? `This pre-order was already picked up (${formatDateTime(order.pickedUpAt)}, marked by ${order.pickedUpBy ?? 'Unknown'}): the packs were handed over. Refund it anyway? The whole pre-order is refunded to the card and its packs go back on sale.`
            : 'The whole pre-order is refunded to the card and its packs go back on sale.'
        }
        okText={order.pickedUpAt ? 'Refund anyway' : 'Refund'}
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() =>
          refund.mutateAsync({ orderId: order.id, ...(order.pickedUpAt ? { confirmPickedUp: true } : {}) }).then(
            (done) => toast.success('Pre-order refunded', `${formatMoney(done.refundedCents)} back to ${order.customerName}`),
            (error: unknown) => toast.error('The refund did not go through', errorMessage(error, 'Try again in a moment.')),
          )
        }
      >
        <Button size="small" danger loading={refund.isPending} aria-label={`Refund the pre-order of ${order.customerName}`}>
          Refund
        </Button>
      </Popconfirm>
    </Flex>
  );
}
