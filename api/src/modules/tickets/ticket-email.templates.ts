import Handlebars from 'handlebars';
import { confirmationLayout } from '../mail/confirmation-layout.js';

/** The confirmation e-mail, in the order e-mails' one layout; every value is escaped by handlebars. */
export const confirmationHtml = Handlebars.compile<ConfirmationView>(
  confirmationLayout({
    title: "You're All Set!",
    intro: 'Your tickets for {{partyName}} are confirmed.',
    details: `          <p style="margin:0 0 4px"><strong>{{dateLabel}}</strong>, {{timeLabel}}</p>
          <p style="margin:0 0 4px">{{venueName}}, {{venueAddress}}</p>
          <p style="margin:0 0 20px">{{experience}}</p>{{#if meals}}
          <p style="margin:0 0 4px"><strong>Meals</strong></p>{{#each meals}}
          <p style="margin:0 0 4px">{{this}}</p>{{/each}}
          <p style="margin:0 0 20px"></p>{{/if}}{{#if drinksTabLink}}
          <p style="margin:0 0 20px"><a href="{{drinksTabLink}}">Open my drinks tab</a> with the card you kept for drinks at the party.</p>{{/if}}`,
    codePrompt: 'Show this code at the door:',
    codeImage: { cid: 'ticket-qr', alt: 'Ticket code' },
    afterImage: `          <p style="margin:12px 0 4px;font-weight:bold">{{admits}} (children under 5 come free)</p>
`,
    code: { label: 'Ticket code', field: 'ticketCode' },
    calendar: 'The event is',
  }),
);

export const confirmationText = Handlebars.compile<ConfirmationView>(
  `You're All Set!

Your tickets for {{partyName}} are confirmed.
Order reference: {{reference}}

{{dateLabel}}, {{timeLabel}}
{{venueName}}, {{venueAddress}}
{{experience}}

{{#each lines}}{{label}}: {{amount}}
{{/each}}Total paid: {{total}}
{{#if meals}}
Meals:
{{#each meals}}{{this}}
{{/each}}{{/if}}{{#if drinksTabLink}}
Open my drinks tab (with the card you kept for drinks at the party):
{{drinksTabLink}}
{{/if}}
Show the QR code in this e-mail (or your order reference) at the door.
{{admits}} (children under 5 come free).
Ticket code, if the QR code cannot be scanned:
{{ticketCode}}
Questions? Call us at {{phone}} or write to {{email}}.

{{restaurantName}} · {{address}}
`,
  { noEscape: true },
);

export const refundText = Handlebars.compile<RefundView>(
  `Hello {{customerName}},

Your payment of {{total}} for {{partyName}} reached us after your ticket hold had expired, and
{{reason}} in the meantime. We could not issue your tickets, so we have refunded the full
amount to your card (order reference {{reference}}). It may take a few days to appear.

We are sorry, and we hope to welcome you at the restaurant soon.
{{restaurantName}} · {{phone}}
`,
  { noEscape: true },
);

export interface TicketRefundView {
  customerName: string;
  /** `1 adult ticket`, `2 adult and 1 child tickets`, or empty for a refund of money alone. */
  tickets: string;
  amount: string;
  whole: boolean;
  remaining: string;
  partyName: string;
  reference: string;
  restaurantName: string;
  phone: string;
}

/** A refund the restaurant made (the whole order, or some of its tickets). */
export const ticketRefundText = Handlebars.compile<TicketRefundView>(
  `Hello {{customerName}},

We have refunded {{amount}} to your card for {{#if tickets}}{{tickets}} of {{/if}}your order {{reference}} for
{{partyName}}. It may take a few days to appear.
{{#if whole}}
Your order has been refunded in full: its tickets are no longer valid.
{{else}}
Your ticket code stays the same and now admits {{remaining}}.
{{/if}}
{{restaurantName}} · {{phone}}
`,
  { noEscape: true },
);

export interface ConfirmationView {
  restaurantName: string;
  partyName: string;
  reference: string;
  dateLabel: string;
  timeLabel: string;
  venueName: string;
  venueAddress: string;
  experience: string;
  lines: { label: string; amount: string }[];
  total: string;
  phone: string;
  email: string;
  address: string;
  /** The ticket code in groups of four, printed under the QR. */
  ticketCode: string;
  /** `Admits 3 guests: 2 adults, 1 child`. */
  admits: string;
  /** Each guest's meal (docs/meals.md): `Guest 1, Asha: Jain (peanuts; no onion)`; empty without meals. */
  meals: string[];
  /** The `Open my drinks tab` link, when the buyer kept their card for drinks (docs/guest-account.md). */
  drinksTabLink?: string | null;
}

export interface RefundView {
  customerName: string;
  total: string;
  /** What changed meanwhile: `the party sold out`, `the ticket price went up`. */
  reason: string;
  partyName: string;
  reference: string;
  restaurantName: string;
  phone: string;
}
