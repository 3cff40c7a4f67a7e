import './zod-setup.js';
import { z } from 'zod';
import { orderLanguageField } from './language-field.js';
import { valueMessage } from './form-messages.js';

const defineSchema = <T>(build: () => T): T => build();

/** The party payment step's box and its one line (docs/guest-account.md, "The card kept for drinks"). */
export const KEEP_CARD_LABEL = 'Keep my card for drinks at the party';
export const KEEP_CARD_LINE = "We'll charge it only for drinks you order on your tab, up to the tab limit, and forget it after the party.";

/** The confirmation e-mail's link to `/drinks?ticket=<token>`. */
export const OPEN_DRINKS_TAB_LINK = 'Open my drinks tab';

/** `POST /api/party-payment-intent/keep-card`: keep (or not) the card the party order is about to be paid with. */
export const keepCardRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    orderId: z.uuid({ error: valueMessage('orderId must be an order id') }),
    clientSecret: z.string().trim().min(1, 'clientSecret is required').max(255),
    keep: z.boolean({ error: valueMessage('keep must be true or false') }),
  }),
);
export type KeepCardRequest = z.infer<typeof keepCardRequestSchema>;

const ticketToken = () => z.string().trim().min(1, 'token is required').max(128, 'token is too long');

/** `POST /api/drink-tab/from-ticket`: open a tab on the card kept with a ticket order. */
export const ticketTabRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    token: ticketToken(),
    tableNumber: z
      .string()
      .trim()
      .max(20, 'Table number is too long')
      .optional()
      .transform((v) => (v ? v : undefined)),
    language: orderLanguageField(),
  }),
);
export type TicketTabRequest = z.input<typeof ticketTabRequestSchema>;
export type ValidTicketTabRequest = z.output<typeof ticketTabRequestSchema>;

/** `POST /api/drink-tab/from-ticket/card` and `/forget`: the link's token. */
export const ticketTokenRequestSchema = /* @__PURE__ */ defineSchema(() => z.strictObject({ token: ticketToken() }));
export type TicketTokenRequest = z.infer<typeof ticketTokenRequestSchema>;

/** The card a ticket's link opens a tab on (`Open a tab with your card ending 1234`). */
export interface KeptCardView {
  brand: string;
  last4: string;
  customerName: string;
}

/** `Open a tab with your card ending 1234`. */
export const openTabWithCardLabel = (last4: string): string => `Open a tab with your card ending ${last4}`;
