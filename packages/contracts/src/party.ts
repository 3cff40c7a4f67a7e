import './zod-setup.js';
import { z } from 'zod';
import { orderLanguageField } from './language-field.js';
import { valueMessage } from './form-messages.js';
import { partyGuestsField, type GuestMeal } from './meals.js';
import { percentOfCents, TAX_RATE_BASIS_POINTS, type Cents } from './money.js';
import type { PaymentDisputeStatus } from './payments.js';

const defineSchema = <T>(build: () => T): T => build();

/** The most tickets one order may hold; bigger groups call the restaurant. */
export const MAX_TICKETS_PER_ORDER = 50;
/** Ticket types one season may have, its two built-in ones included (docs/ticket-types.md). */
export const MAX_TICKET_TYPES = 20;
/** Group discount tiers on the total ticket count (adults plus children). */
export const GROUP_DISCOUNT_TIERS = [
  { minTickets: 20, percent: 5 },
  { minTickets: 10, percent: 3 },
] as const;
/**
 * What a code `PROMO_CODES` fills into an empty `promo_codes` table takes off (docs/settings.md);
 * from then on each code has its own percent, taken off after the group discount.
 */
export const PROMO_DISCOUNT_PERCENT = 5;
/** A ticket hold lasts this long (the payment step counts it down); unpaid, the tickets go back on sale. */
export const TICKET_HOLD_MINUTES = 15;
/** The party page's banner about the 15 extra tickets shows while at most this many remain. */
export const RELEASE_BANNER_MAX_REMAINING = 15;
/** The red remaining-tickets notice shows while at most this many remain. */
export const LOW_TICKETS_NOTICE_MAX_REMAINING = 50;

export interface PartyPriceInput {
  adultTickets: number;
  childTickets: number;
  adultPriceCents: Cents;
  childPriceCents: Cents;
  /** The valid promo code's percent off (`percentOff`, 1 to 100), 0 without one. */
  promoPercent: number;
  /** The event's group discount tiers (the Tickets settings); GROUP_DISCOUNT_TIERS without. */
  groupDiscountTiers?: readonly { minTickets: number; percent: number }[];
  /** The event's tax rate (the Tickets settings); TAX_RATE_BASIS_POINTS without. */
  taxRateBasisPoints?: number;
  /**
   * Tickets of the season's other types (docs/ticket-types.md), each at its price at the moment
   * of the quote: in the subtotal, and each ticket counts once towards a group discount.
   */
  extraLines?: readonly { quantity: number; unitPriceCents: Cents }[];
}

export interface PartyPrice {
  adultTickets: number;
  childTickets: number;
  adultPriceCents: Cents;
  childPriceCents: Cents;
  subtotalCents: Cents;
  groupDiscountPercent: number;
  groupDiscountCents: Cents;
  promoDiscountPercent: number;
  promoDiscountCents: Cents;
  discountedCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** The percent of the highest tier `ticketCount` reaches, or 0. */
export function groupDiscountPercent(
  ticketCount: number,
  tiers: readonly { minTickets: number; percent: number }[] = GROUP_DISCOUNT_TIERS,
): number {
  let reached: { minTickets: number; percent: number } | undefined;
  for (const tier of tiers) {
    if (ticketCount >= tier.minTickets && (!reached || tier.minTickets > reached.minTickets)) reached = tier;
  }
  return reached?.percent ?? 0;
}

/**
 * The one price of a party order, used by the API (the only authority) and shown by the page.
 *
 * Order of operations, each step in integer cents, each rounding half away from zero:
 *   1. subtotal      = adults x adult price + children x child price
 *                      + each other type's tickets x its price                 (exact)
 *   2. group discount = round(subtotal x the tier's percent)  (default tiers: 10-19 tickets 3 %, 20+ 5 %)
 *   3. promo discount = round((subtotal - group discount) x the code's percent)   (valid code only)
 *   4. discounted     = subtotal - group discount - promo discount
 *   5. tax            = round(discounted x the tax rate)   (default 9.38 %)
 *   6. total          = discounted + tax
 */
export function priceParty(input: PartyPriceInput): PartyPrice {
  const { adultTickets, childTickets, adultPriceCents, childPriceCents } = input;
  const extra = input.extraLines ?? [];
  const subtotalCents =
    adultTickets * adultPriceCents +
    childTickets * childPriceCents +
    extra.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const ticketCount = adultTickets + childTickets + extra.reduce((sum, line) => sum + line.quantity, 0);
  const groupPercent = groupDiscountPercent(ticketCount, input.groupDiscountTiers);
  const groupDiscountCents = percentOfCents(subtotalCents, groupPercent * 100);
  const afterGroup = subtotalCents - groupDiscountCents;
  const promoPercent = input.promoPercent;
  const promoDiscountCents = percentOfCents(afterGroup, promoPercent * 100);
  const discountedCents = afterGroup - promoDiscountCents;
  const taxCents = percentOfCents(discountedCents, input.taxRateBasisPoints ?? TAX_RATE_BASIS_POINTS);
  return {
    adultTickets,
    childTickets,
    adultPriceCents,
    childPriceCents,
    subtotalCents,
    groupDiscountPercent: groupPercent,
    groupDiscountCents,
    promoDiscountPercent: promoPercent,
    promoDiscountCents,
    discountedCents,
    taxCents,
    totalCents: discountedCents + taxCents,
  };
}

// A missing or wrongly typed count answers the default messages (`Required`, `Expected number,
// received string`); only the count's own rules word theirs.
const ticketCount = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_TICKETS_PER_ORDER, `${label} cannot exceed ${MAX_TICKETS_PER_ORDER}`);

const promoCodeField = /* @__PURE__ */ defineSchema(() => z.string().trim().max(40, 'Promo code is too long').optional());

/** One line of an order by type (`items` of `POST /api/party-payment-intent` and of the quote). */
export const ticketItemSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    typeId: z.number().int('typeId must be a whole number').positive('typeId must be a ticket type'),
    quantity: z
      .number()
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(MAX_TICKETS_PER_ORDER, `quantity cannot exceed ${MAX_TICKETS_PER_ORDER}`),
  }),
);
export type TicketItem = z.infer<typeof ticketItemSchema>;

type TicketCounts = { adultTickets: number; childTickets: number; items?: readonly { quantity: number }[] };

/** The tickets of a request: the adult and child counts and every line by type. */
export const requestedTickets = (value: TicketCounts): number =>
  value.adultTickets + value.childTickets + (value.items ?? []).reduce((sum, item) => sum + item.quantity, 0);

const ticketItemsField = /* @__PURE__ */ defineSchema(() =>
  z
    .array(ticketItemSchema)
    .max(MAX_TICKET_TYPES, `At most ${MAX_TICKET_TYPES} ticket types`)
    .refine((items) => new Set(items.map((item) => item.typeId)).size === items.length, 'A ticket type is listed twice')
    .optional(),
);

const notTooManyTickets = (value: TicketCounts, ctx: z.RefinementCtx) => {
  if (requestedTickets(value) > MAX_TICKETS_PER_ORDER) {
    ctx.addIssue({
      code: 'custom',
      message: `One order can hold at most ${MAX_TICKETS_PER_ORDER} tickets; please call us for larger groups`,
      path: ['adultTickets'],
    });
  }
};

const atLeastOneTicket = (value: TicketCounts, ctx: z.RefinementCtx) => {
  if (requestedTickets(value) === 0) {
    ctx.addIssue({ code: 'custom', message: 'Please select at least one ticket', path: ['adultTickets'] });
  }
  notTooManyTickets(value, ctx);
};

/** `POST /api/party-quote`: the price breakdown for a selection, with the promo code checked. */
export const partyQuoteRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      adultTickets: ticketCount('adultTickets'),
      childTickets: ticketCount('childTickets'),
      promoCode: promoCodeField,
      items: ticketItemsField,
    })
    .superRefine(notTooManyTickets),
);
export type PartyQuoteRequest = z.infer<typeof partyQuoteRequestSchema>;

/**
 * A promo code as the quote sees it: `none` (no code), `valid`, `invalid` (unknown or switched
 * off), `expired` (past its `validUntil`) or `used-up` (its paid orders reached `maxUses`).
 */
export type PromoCodeStatus = 'none' | 'valid' | 'invalid' | 'used-up' | 'expired';

/** What the party page and the API say about a code that takes nothing off. */
export const PROMO_CODE_REFUSALS = {
  invalid: 'Invalid promo code',
  expired: 'This promo code has expired',
  'used-up': 'This promo code has been used up',
} as const satisfies Record<Exclude<PromoCodeStatus, 'none' | 'valid'>, string>;

/**
 * The codes the API's refusals carry when it answers in Hindi or Tamil (`{ message, code }`,
 * docs/languages.md), for the pages that tell refusals apart: a promo refusal is `promo.<status>`,
 * and a refusal because the tickets on offer changed (sold out, fewer left, a new price, a
 * ticket type off sale) starts with `tickets-changed.`; a late payment refunded is LATE_REFUND_CODE.
 * English answers carry the message alone.
 */
export const promoRefusalCode = (status: keyof typeof PROMO_CODE_REFUSALS): string => `promo.${status}`;
export const TICKETS_CHANGED_CODE_PREFIX = 'tickets-changed.';
/** The code of a payment that went through too late to honour, refunded in full (the confirm's 409). */
export const LATE_REFUND_CODE = 'payments.late-refunded';

/** What the party page says about a valid code (`percent` is the quote's `promoDiscountPercent`). */
export const promoCodeAppliedMessage = (percent: number): string => `Promo code applied! You'll save an additional ${percent}%`;

/**
 * The price of a selection with the promo code checked: `promoDiscountPercent` is the code's own
 * percent when it is valid, 0 otherwise.
 */
export interface PartyQuote extends PartyPrice {
  promoCodeStatus: PromoCodeStatus;
}

// The contact form's schema has a module of its own: the party page loads it with its contact
// step, so the page's first load does not carry the schema library.
export { partyContactSchema, type PartyContact } from './party-contact.js';

/** `POST /api/party-payment-intent`. `totalAmount` is what the buyer saw; the server re-prices. */
export const partyOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      customerName: z.string().trim().min(1, 'Name is required').max(160, 'Name is too long'),
      customerEmail: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
      customerPhone: z.string().trim().min(10, 'Phone number must be at least 10 digits').max(30, 'Phone number is too long'),
      adultTickets: ticketCount('adultTickets'),
      childTickets: ticketCount('childTickets'),
      totalAmount: z.number().int('totalAmount must be whole cents').min(0, 'totalAmount cannot be negative'),
      promoCode: promoCodeField,
      /** The visitor's analytics session, so the completed order counts for its attribution. */
      sessionId: z.string().trim().max(64).optional(),
      /** Tickets by type (docs/ticket-types.md): adult and child here add to the counts above. */
      items: ticketItemsField,
      /** One meal row per seat when the season has meal options (docs/meals.md). */
      guests: partyGuestsField,
      /** The token of a waitlist offer's link (`/diwali-party?offer=<token>`, docs/waitlist.md). */
      offerToken: z.string().trim().min(1).max(100).optional(),
      /** The unticked `Send me news about the restaurant's events` box, when ticked (docs/privacy.md). */
      newsConsent: z.boolean().optional(),
      /** The language of the page the tickets were bought on (docs/languages.md): English unless told. */
      language: orderLanguageField(),
    })
    .superRefine(atLeastOneTicket),
);
export type PartyOrderRequest = z.infer<typeof partyOrderRequestSchema>;

export interface PartyOrderResponse {
  clientSecret: string;
  orderId: string;
  /** When the held tickets go back on sale if unpaid (ISO 8601). */
  holdExpiresAt: string;
}

export const confirmPaymentRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    paymentIntentId: z.string().trim().min(1, 'paymentIntentId is required').max(255),
    /** Which order the payment is for: party tickets, or a feast pack pre-order. */
    type: z.enum(['party_ticket', 'feast_order'], { error: valueMessage('type must be "party_ticket" or "feast_order"') }),
    /** The payment's client secret: without it the answer carries no name or e-mail. */
    clientSecret: z.string().trim().max(255).optional(),
  }),
);
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

/**
 * What the confirmation step shows about a paid order: the buyer and the price paid. The buyer's
 * name and e-mail only reach a caller that sent the payment's client secret.
 */
export type PartyOrderReceipt = Omit<PartyPrice, 'discountedCents'> & {
  orderId: string;
  /** Its tickets of the season's other types (docs/ticket-types.md), each at the price it was sold at. */
  ticketLines?: ReceiptLine[];
  status: 'paid';
  customerName?: string;
  customerEmail?: string;
  paidAt: string;
  /**
   * The order's signed ticket code (128 base32 characters, docs/door.md), as in the e-mail's QR
   * code: only for a caller that sent the client secret (the code admits its bearer).
   */
  ticketCode?: string;
  /**
   * The ticket code's QR code as an SVG document (drawn by the server with the same library and
   * matrix as the e-mail's), with `ticketCode` only.
   */
  ticketQrSvg?: string;
  /** Each guest's meal (docs/meals.md), with `ticketCode` only, when meals were chosen. */
  guests?: GuestMeal[];
};

/** A line of tickets of another type on a receipt: `VIP Table × 1`, $400.00 each. */
export interface ReceiptLine {
  name: string;
  quantity: number;
  /** People one ticket admits. */
  seats: number;
  unitPriceCents: Cents;
}

/** Resends of an order's confirmation e-mail a guest may ask for in any hour (docs/door.md). */
export const CONFIRMATION_RESENDS_PER_HOUR = 3;

/** `POST /api/party-orders/:orderId/resend-confirmation`: the guest proves it is their order. */
export const resendConfirmationRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    clientSecret: z.string().trim().min(1, 'clientSecret is required').max(255),
  }),
);
export type ResendConfirmationRequest = z.infer<typeof resendConfirmationRequestSchema>;

/** The answer to a resend (the guest's or the staff's): the e-mail is on its way. */
export interface ResendConfirmationResponse {
  /**
   * Where it goes: masked on the guest's route (`a…@example.com`, `maskEmail`), the whole
   * address on the staff's.
   */
  sentTo: string;
  /** Resends guests may still ask for this hour (staff resends count, and are never refused). */
  resendsLeft: number;
}

/** `asha.raman@example.com` as `a…@example.com`: enough for its owner to recognise. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email[0]}…${email.slice(at)}`;
}

export interface PartyTicketStats {
  remaining: number;
}

/** A paid party ticket order, or an abandoned one, as the staff dashboard lists it. */
export interface PartyTicketRow {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  adultTickets: number;
  childTickets: number;
  totalAmount: Cents;
  createdAt: string;
}

/**
 * A paid party ticket order on the staff dashboard (`GET /api/party-tickets`), with how many of
 * its guests the door has admitted so far (docs/door.md).
 */
export interface PaidPartyTicketRow extends PartyTicketRow {
  /**
   * Guests admitted at the door so far (the order's `entry` redemptions): 0 before anyone is in.
   * Online admissions never take it above `adultTickets + childTickets`.
   */
  admitted: number;
  /** Tickets still valid (bought and not refunded); fewer than bought after a partial refund. */
  validTickets: number;
  /** The confirmation e-mail: `failed` shows a warning with `Resend`. */
  emailStatus: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
  emailError: string | null;
  /** Guests the manager added without payment (`Comp`): their total is $0 (docs/refunds.md). */
  comp: boolean;
  /** How it was paid: `card` (online or at the door), `cash` (at the door), `comp` (no payment). */
  paymentMethod: PartyPaymentMethod;
  /** A chargeback on its payment: `open` shows `Disputed` (docs/reports.md). */
  dispute: PaymentDisputeStatus | null;
  /** Its tickets of the season's other types as bought, like the adult and child counts (`1 VIP Table`); empty for none. */
  otherTickets?: string;
}

/** How a party order was paid (docs/door.md): card through the gateway, cash at the door, or a comp. */
export type PartyPaymentMethod = 'card' | 'cash' | 'comp';
