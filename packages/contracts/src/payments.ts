import './zod-setup.js';
import { z } from 'zod';
import type { Cents } from './money.js';

/** How the browser takes a card: Stripe's Payment Element, or the offline simulated form. */
export type PaymentConfig = { mode: 'stripe'; publishableKey: string } | { mode: 'simulated' };

/** The simulated gateway's test cards (they behave like Stripe's test mode). */
export const SIMULATED_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const SIMULATED_DECLINE_MESSAGE = 'Your card was declined.';

const cardFields = {
  clientSecret: z.string().trim().min(1, 'clientSecret is required').max(255),
  cardNumber: z.string().trim().min(1, 'Your card number is incomplete.').max(30, 'Your card number is invalid.'),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete.").max(10),
  cvc: z.string().trim().min(1, "Your card's security code is incomplete.").max(6),
};

/** `POST /api/payments/simulated/confirm`: the simulated card form pays a payment intent. */
export const simulatedPaymentConfirmSchema = z.strictObject(cardFields);
export type SimulatedPaymentConfirm = z.infer<typeof simulatedPaymentConfirmSchema>;

/** `POST /api/payments/simulated/confirm-setup`: the simulated card form saves a card. */
export const simulatedSetupConfirmSchema = z.strictObject(cardFields);
export type SimulatedSetupConfirm = z.infer<typeof simulatedSetupConfirmSchema>;

export interface SimulatedConfirmResponse {
  id: string;
  status: 'succeeded';
}

/**
 * A chargeback on a payment (docs/reports.md, Disputes): `open` while the card's bank decides
 * (the gateway holds the money), then `won` (the money comes back) or `lost` (it is gone, like a
 * refund). Disputes are opened and closed in the gateway's dashboard and reach the site by webhook.
 */
export type PaymentDisputeStatus = 'open' | 'won' | 'lost';

export const PAYMENT_DISPUTE_LABELS: Record<PaymentDisputeStatus, string> = {
  open: 'Disputed',
  won: 'Dispute won',
  lost: 'Dispute lost',
};

/** A dispute as the staff see it on an order. */
export interface PaymentDisputeView {
  id: string;
  status: PaymentDisputeStatus;
  /** The gateway's own word for it (`needs_response`, `under_review`, `won`, `lost`...). */
  gatewayStatus: string;
  amountCents: Cents;
  /** The bank's reason (`fraudulent`, `product_not_received`...), when given. */
  reason: string | null;
  openedAt: string;
  closedAt: string | null;
}
