import Handlebars from 'handlebars';

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

/** The pre-order's confirmation, in the restaurant's colours; every value is escaped by handlebars. */
export const pickupConfirmationHtml = Handlebars.compile<PickupConfirmationView>(`<!doctype html>
<html lang="en">
<body style="margin:0;background:#fff8ec;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
        <tr><td style="background:#4a1030;color:#fff8ec;padding:28px 32px">
          <p style="margin:0;color:#f5a623;font-size:13px;letter-spacing:2px;text-transform:uppercase">{{restaurantName}}</p>
          <h1 style="margin:8px 0 0;font-size:26px">Pre-order Confirmed</h1>
          <p style="margin:8px 0 0">Your Diwali feast packs are reserved.</p>
        </td></tr>
        <tr><td style="padding:28px 32px">
          <p style="margin:0 0 4px;font-size:13px;color:#7a4a5e">Order reference</p>
          <p style="margin:0 0 20px;font-size:24px;font-weight:bold;letter-spacing:2px">{{reference}}</p>
          <p style="margin:0 0 4px">Pick up on <strong>{{pickupDate}}</strong> at <strong>{{pickupTime}}</strong></p>
          <p style="margin:0 0 20px">{{restaurantName}}, {{address}}</p>
          <table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-top:1px solid #f0dcc0;border-bottom:1px solid #f0dcc0">
            {{#each lines}}<tr><td>{{label}}</td><td align="right">{{amount}}</td></tr>{{/each}}
            <tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr>
            <tr><td>Tax</td><td align="right">{{tax}}</td></tr>
            <tr><td><strong>Total paid</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
          </table>
          <p style="margin:24px 0 8px">Show this code when you pick up your order:</p>
          <img src="cid:pickup-qr" width="180" height="180" alt="Pickup code {{reference}}" style="display:block">
          <p style="margin:12px 0 4px;font-size:13px;color:#7a4a5e">Pickup code, if the QR code cannot be scanned:</p>
          <p style="margin:0;font-family:'Courier New',Courier,monospace;font-size:13px;line-height:1.5;word-break:break-all">{{pickupCode}}</p>
          <p style="margin:20px 0 0;font-size:13px;color:#7a4a5e">The pickup time is attached as a calendar file. Questions? Call us at {{phone}} or write to {{email}}.</p>
        </td></tr>
        <tr><td style="background:#fbeedd;padding:16px 32px;font-size:12px;color:#7a4a5e">{{restaurantName}} · {{address}}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`);

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
  reference: string;
  restaurantName: string;
  phone: string;
}>(
  `Hello {{customerName}},

Your payment of {{total}} for feast pack pre-order {{reference}} went through after your packs were released, and the pickup time filled up meanwhile. We have refunded it in full; it reaches your card within a few business days.

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
