import Handlebars from 'handlebars';
import { confirmationLayout } from '../mail/confirmation-layout.js';

export interface PickupConfirmationView {
  restaurantName: string;
  reference: string;
  pickupDate: string;
  pickupTime: string;
  address: string;
  lines: { label: string; amount: string }[];
  subtotal: string;
  tax: string;
  total: string;
  pickupCode: string;
  phone: string;
  email: string;
}

/** The pre-order's confirmation, in the order e-mails' one layout; every value is escaped by handlebars. */
export const pickupConfirmationHtml = Handlebars.compile<PickupConfirmationView>(
  confirmationLayout({
    title: 'Pre-order Confirmed',
    intro: 'Your Diwali feast packs are reserved.',
    details: `          <p style="margin:0 0 4px">Pick up on <strong>{{pickupDate}}</strong> at <strong>{{pickupTime}}</strong></p>
          <p style="margin:0 0 20px">{{restaurantName}}, {{address}}</p>`,
    extraRows: `            <tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr>
            <tr><td>Tax</td><td align="right">{{tax}}</td></tr>
`,
    codePrompt: 'Show this code when you pick up your order:',
    codeImage: { cid: 'pickup-qr', alt: 'Pickup code' },
    code: { label: 'Pickup code', field: 'pickupCode' },
    calendar: 'The pickup time is',
  }),
);

export const pickupConfirmationText = Handlebars.compile<PickupConfirmationView>(
  `Pre-order Confirmed

Your Diwali feast packs are reserved.
Order reference: {{reference}}

Pick up on {{pickupDate}} at {{pickupTime}}
{{restaurantName}}, {{address}}

{{#each lines}}{{label}}: {{amount}}
{{/each}}Subtotal: {{subtotal}}
Tax: {{tax}}
Total paid: {{total}}

Show the QR code in this e-mail (or your order reference) when you pick up your order.
Pickup code, if the QR code cannot be scanned:
{{pickupCode}}
Questions? Call us at {{phone}} or write to {{email}}.

{{restaurantName}} · {{address}}
`,
  { noEscape: true },
);

export const pickupRefundText = Handlebars.compile<{
  customerName: string;
  total: string;
  /** What changed meanwhile: `the pickup time filled up`. */
  reason: string;
  reference: string;
  restaurantName: string;
  phone: string;
}>(
  `Hello {{customerName}},

Your payment of {{total}} for feast pack pre-order {{reference}} went through after your packs were released, and {{reason}} meanwhile. We have refunded it in full; it reaches your card within a few business days.

Sorry for the trouble. Questions? Call us at {{phone}}.

{{restaurantName}}
`,
  { noEscape: true },
);

/** A pre-order the restaurant refunded (cancelled by the guest's request, or by the restaurant). */
export const staffRefundText = Handlebars.compile<{
  customerName: string;
  total: string;
  reference: string;
  restaurantName: string;
  phone: string;
}>(
  `Hello {{customerName}},

Your feast pack pre-order {{reference}} has been cancelled and your payment of {{total}} refunded in full; it reaches your card within a few business days.

Questions? Call us at {{phone}}.

{{restaurantName}}
`,
  { noEscape: true },
);
