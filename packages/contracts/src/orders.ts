import type { Cents } from './money.js';
import type { PaymentDisputeStatus } from './payments.js';

/** A feast pack pre-order (ordering is closed this year; the staff still see the orders). */
export interface FeastOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  pickupDate: string;
  pickupTime: string;
  items: { name: string; quantity: number }[];
  totalAmount: Cents;
  createdAt: string;
  /** The card's bank disputing the payment (a chargeback): open, won or lost; null when never disputed. */
  dispute: PaymentDisputeStatus | null;
  /** When the pickup desk handed the packs over, and who marked it (as on the activity log); null before. */
  pickedUpAt: string | null;
  pickedUpBy: string | null;
}

/** A feast pre-order's state, as the staff's order actions answer it. */
export type FeastOrderStatus = 'pending' | 'paid' | 'cancelled' | 'refunding' | 'refunded';

/** The answer of a staff action on a feast pre-order (`Refund`, `Cancel order`, `Resend confirmation`). */
export interface FeastOrderActionResult {
  id: string;
  status: FeastOrderStatus;
  /** What the buyer got back, in cents: the whole total once refunded; part of it after a partial refund made in the gateway's dashboard. */
  refundedCents: Cents;
  emailStatus: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
}
