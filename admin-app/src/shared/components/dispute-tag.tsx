import { Tag } from 'antd';
import { PAYMENT_DISPUTE_LABELS, type PaymentDisputeStatus, type PaymentDisputeView } from '@festival/contracts';
import { formatMoney } from '../lib/format';
import { palette } from '../theme/admin-theme';

// Token colours on white: AA contrast, as the Cash badge.
const STYLE: Record<PaymentDisputeStatus, { color: string; background: string; borderColor: string }> = {
  open: { color: palette.error, background: palette.white, borderColor: palette.error },
  lost: { color: palette.error, background: palette.white, borderColor: palette.error },
  won: { color: palette.success, background: palette.white, borderColor: palette.success },
};

/** `Disputed` while the card's bank decides a chargeback, then `Dispute won` or `Dispute lost`; nothing without one. */
export function DisputeTag({ dispute }: { dispute: PaymentDisputeStatus | null | undefined }) {
  if (!dispute) return null;
  return <Tag style={STYLE[dispute]}>{PAYMENT_DISPUTE_LABELS[dispute]}</Tag>;
}

/** A chargeback in words: its amount, the bank's reason, and where it stands. */
export function DisputeDescription({ dispute }: { dispute: PaymentDisputeView }) {
  const state =
    dispute.status === 'open'
      ? "the card's bank is deciding"
      : dispute.status === 'won'
        ? 'decided for the restaurant'
        : 'decided for the buyer';
  return (
    <span>
      {formatMoney(dispute.amountCents)}
      {dispute.reason ? ` (${dispute.reason.replace(/_/g, ' ')})` : ''}: {state}
    </span>
  );
}
