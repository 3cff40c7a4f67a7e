import { Button, Popconfirm } from 'antd';
import type { PaidPartyTicketRow } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useResendTickets } from '../api/resend-tickets';

/** `Resend`: the order's ticket e-mail again, after the manager confirms the address. */
export function ResendTicketsButton({ order }: { order: PaidPartyTicketRow }) {
  const resend = useResendTickets();
  const toast = useToast();
  return (
    <Popconfirm
      title="E-mail the tickets again?"
      description={`To ${order.customerEmail}`}
      okText="Send"
      cancelText="Cancel"
      onConfirm={() =>
        resend.mutateAsync(order.id).then(
          (sent) => toast.success('Tickets e-mailed again', `Sent to ${sent.sentTo}`),
          (error: unknown) => toast.error('The tickets were not sent', errorMessage(error, 'Try again in a moment.')),
        )
      }
    >
      <Button size="small" loading={resend.isPending} aria-label={`Resend the tickets of ${order.customerName}`}>
        Resend
      </Button>
    </Popconfirm>
  );
}
