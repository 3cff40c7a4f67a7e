import './zod-setup.js';
import type { GuestMeal } from './meals.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import type { Cents } from './money.js';
import type { Language } from './languages.js';
import type { PartyPaymentMethod } from './party.js';
import type { PaymentDisputeView } from './payments.js';
import type { StaffRole } from './staff.js';

const defineSchema = <T>(build: () => T): T => build();

const count = (label: string) =>
  z.number().int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(50, `${label} cannot exceed 50`);

/**
 * `POST /api/admin/party-orders/:orderId/refunds`: refund some of the order's valid tickets
 * (all of them refunds the whole order). `idempotencyKey` is made once per refund by the client
 * (the same click sent twice, or retried, refunds once).
 */
export const partyRefundRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      adults: count('adults'),
      children: count('children'),
      /** Tickets of the order's other types (docs/ticket-types.md) to refund. */
      items: z
        .array(
          z.strictObject({
            typeId: z.number().int('typeId must be a whole number').positive('typeId must be a ticket type'),
            quantity: count('quantity').min(1, 'quantity must be at least 1'),
          }),
        )
        .max(20, 'At most 20 ticket types')
        .optional(),
      idempotencyKey: z
        .string()
        .trim()
        .min(8, 'idempotencyKey must be 8 to 64 characters')
        .max(64, 'idempotencyKey must be 8 to 64 characters')
        .regex(/^[A-Za-z0-9_-]+$/, 'idempotencyKey may hold only letters, digits, - and _'),
    })
    .superRefine((value, ctx) => {
      if (value.adults + value.children + (value.items ?? []).reduce((sum, item) => sum + item.quantity, 0) === 0) {
        ctx.addIssue({ code: 'custom', message: 'Choose at least one ticket to refund', path: ['adults'] });
      }
    }),
);
export type PartyRefundRequest = z.infer<typeof partyRefundRequestSchema>;

/** `PUT /api/admin/party-orders/:orderId/guest`: the buyer's details, with the party checkout's rules. */
export const editGuestRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    customerName: z.string().trim().min(1, 'Name is required').max(160, 'Name is too long'),
    customerEmail: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
    customerPhone: z.string().trim().min(10, 'Phone number must be at least 10 digits').max(30, 'Phone number is too long'),
  }),
);
export type EditGuestRequest = z.infer<typeof editGuestRequestSchema>;

/** `POST /api/admin/party-orders/:orderId/resend-confirmation`: to the order's address, or to a corrected one (saved on the order). */
export const staffResendRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    email: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')).optional(),
  }),
);
export type StaffResendRequest = z.infer<typeof staffResendRequestSchema>;

/** A client-made id of one request (the same click sent twice, or retried, acts once). */
const requestId = () =>
  z
    .string()
    .trim()
    .min(8, 'requestId must be 8 to 64 characters')
    .max(64, 'requestId must be 8 to 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'requestId may hold only letters, digits, - and _');

const atLeastOneGuest = (value: { adults: number; children: number }, ctx: z.RefinementCtx) => {
  if (value.adults + value.children === 0) {
    ctx.addIssue({ code: 'custom', message: 'Add at least one adult or child', path: ['adults'] });
  }
};

/**
 * `POST /api/admin/party-orders/comps` (`Add guests`): complimentary tickets the manager gives,
 * without payment, counted against capacity like a sale; the guest gets the ticket e-mail.
 */
export const addGuestsRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      customerName: z.string().trim().min(1, 'Name is required').max(160, 'Name is too long'),
      customerEmail: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
      customerPhone: z.string().trim().max(30, 'Phone number is too long').optional(),
      adults: count('adults'),
      children: count('children'),
      reason: z.string().trim().min(1, 'A reason is required').max(200, 'The reason is too long'),
      requestId: requestId(),
    })
    .superRefine(atLeastOneGuest),
);
export type AddGuestsRequest = z.infer<typeof addGuestsRequestSchema>;

export const DOOR_SALE_PAYMENT_METHODS = ['cash', 'card'] as const;

/**
 * `POST /api/admin/door-sales` (`Sell at the door`): tickets sold at the door, issued already
 * checked in. Cash: paid and admitted at once. Card: the tickets are held and the answer carries
 * the payment's client secret for the card form; `POST /api/admin/door-sales/:orderId/confirm`
 * after the card went through admits them. The buyer's name is optional.
 */
export const doorSaleRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      adults: count('adults'),
      children: count('children'),
      paymentMethod: z.enum(DOOR_SALE_PAYMENT_METHODS, { error: valueMessage('paymentMethod must be cash or card') }),
      customerName: z.string().trim().max(160, 'Name is too long').optional(),
      requestId: requestId(),
    })
    .superRefine(atLeastOneGuest),
);
export type DoorSaleRequest = z.infer<typeof doorSaleRequestSchema>;

/** `POST /api/admin/door-sales/:orderId/confirm`: the card payment of a door sale went through. */
export const confirmDoorSaleRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    paymentIntentId: z.string().trim().min(1, 'paymentIntentId is required').max(255),
  }),
);
export type ConfirmDoorSaleRequest = z.infer<typeof confirmDoorSaleRequestSchema>;

/** The answer to a door sale: the order, what it cost and that its guests are in. */
export interface DoorSaleResponse {
  orderId: string;
  reference: string;
  customerName: string;
  adults: number;
  children: number;
  totalCents: Cents;
  paymentMethod: PartyPaymentMethod;
  /** Guests admitted with the sale: all of the order's once paid, none while a card is being paid. */
  admitted: number;
  /** `paid`, or `pending` while the card is being paid. */
  status: 'paid' | 'pending';
  /** A card sale still to pay: the payment's client secret for the card form. */
  clientSecret: string | null;
}

/** Tickets of a refund: adults, children and the order's other types by type id. */
export interface RefundTickets {
  adults: number;
  children: number;
  items?: readonly { typeId: number; quantity: number }[];
}

/** The price one ticket of another type was sold at, for its share of a refund. */
export interface RefundLinePrice {
  typeId: number;
  unitPriceCents: Cents;
}

/**
 * The cents a refund of some tickets returns (docs/refunds.md): the order's total (after its
 * discounts, with tax) shared by list price, counted cumulatively so rounding never drifts:
 * `round(total × listAfter / subtotal) − round(total × listBefore / subtotal)`, where
 * `listBefore` is the list price of the tickets refunded earlier and `listAfter` adds these.
 * The refund of the last tickets takes exactly what is left, so the refunds add up to the total.
 */
export function refundShareCents(
  order: { adultPriceCents: Cents; childPriceCents: Cents; subtotalCents: Cents; totalCents: Cents; lines?: readonly RefundLinePrice[] },
  before: RefundTickets,
  refunding: RefundTickets,
): Cents {
  if (order.subtotalCents <= 0) return 0;
  const unitOf = (typeId: number) => order.lines?.find((line) => line.typeId === typeId)?.unitPriceCents ?? 0;
  const list = (t: RefundTickets) =>
    t.adults * order.adultPriceCents +
    t.children * order.childPriceCents +
    (t.items ?? []).reduce((sum, item) => sum + item.quantity * unitOf(item.typeId), 0);
  const listBefore = list(before);
  const listAfter = listBefore + list(refunding);
  const share = (l: number) => Math.round((order.totalCents * Math.min(l, order.subtotalCents)) / order.subtotalCents);
  return share(listAfter) - share(listBefore);
}

export type PartyOrderAdminStatus = 'pending' | 'paid' | 'cancelled' | 'refunding' | 'refunded';

/** One refund on an order's details. */
export interface PartyRefundView {
  id: string;
  adults: number;
  children: number;
  /** Tickets of the order's other types it refunded. */
  items: { typeId: number; name: string; quantity: number }[];
  amountCents: Cents;
  status: 'pending' | 'succeeded' | 'failed';
  source: 'staff' | 'gateway';
  gatewayRefundId: string | null;
  error: string | null;
  who: string;
  at: string;
  emailStatus: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
}

export type PartyOrderTimelineKind =
  | 'created'
  | 'paid'
  | 'email.sent'
  | 'email.failed'
  | 'email.resent'
  | 'checked-in'
  | 'refunded'
  | 'refund.failed'
  | 'cancelled'
  | 'edited'
  | 'disputed'
  | 'dispute.won'
  | 'dispute.lost';

/** One step of an order's history, oldest first. */
export interface PartyOrderTimelineEntry {
  kind: PartyOrderTimelineKind;
  at: string;
  /** `Guest`, `Manager`, a device's name, `Stripe` (a refund or dispute in its dashboard), or `System`. */
  who: string;
  role: StaffRole | null;
  /** In words: `1 adult refunded, $54.69`, the e-mail's error. */
  detail: string | null;
}

/** `GET /api/admin/party-orders/:orderId`: the staff's `Order details`. */
export interface PartyOrderDetails {
  id: string;
  reference: string;
  status: PartyOrderAdminStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The language the tickets were bought in (docs/languages.md). */
  language: Language;
  adultTickets: number;
  childTickets: number;
  adultPriceCents: Cents;
  childPriceCents: Cents;
  subtotalCents: Cents;
  groupDiscountPercent: number;
  groupDiscountCents: Cents;
  promoCode: string | null;
  promoDiscountPercent: number;
  promoDiscountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** Tickets still valid (bought, not refunded or being refunded). */
  validAdults: number;
  validChildren: number;
  /** Its tickets of the season's other types (docs/ticket-types.md): bought, still valid, people each admits. */
  lines: { typeId: number; name: string; quantity: number; valid: number; seats: number; unitPriceCents: Cents }[];
  refundedCents: Cents;
  /** A complimentary order (`Comp`, $0) and why it was given. */
  comp: boolean;
  compReason: string | null;
  paymentMethod: PartyPaymentMethod;
  paymentReference: string | null;
  emailStatus: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
  emailError: string | null;
  admitted: number;
  createdAt: string;
  paidAt: string | null;
  /** The payment's chargeback, if the buyer's bank opened one (the latest). */
  dispute: PaymentDisputeView | null;
  refunds: PartyRefundView[];
  timeline: PartyOrderTimelineEntry[];
  /** Each seat's meal row (docs/meals.md); empty when none was chosen. */
  guests?: GuestMeal[];
}
