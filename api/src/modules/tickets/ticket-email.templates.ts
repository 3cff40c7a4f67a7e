import Handlebars from 'handlebars';

/** The confirmation e-mail, in the restaurant's colours; every value is escaped by handlebars. */
export const confirmationHtml = Handlebars.compile<ConfirmationView>(`<!doctype html>
<html lang="en">
<body style="margin:0;background:#fff8ec;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
        <tr><td style="background:#4a1030;color:#fff8ec;padding:28px 32px">
          <p style="margin:0;color:#f5a623;font-size:13px;letter-spacing:2px;text-transform:uppercase">{{restaurantName}}</p>
          <h1 style="margin:8px 0 0;font-size:26px">You're All Set!</h1>
          <p style="margin:8px 0 0">Your tickets for {{partyName}} are confirmed.</p>
        </td></tr>
        <tr><td style="padding:28px 32px">
          <p style="margin:0 0 4px;font-size:13px;color:#7a4a5e">Order reference</p>
          <p style="margin:0 0 20px;font-size:24px;font-weight:bold;letter-spacing:2px">{{reference}}</p>
          <p style="margin:0 0 4px"><strong>{{dateLabel}}</strong>, {{timeLabel}}</p>
          <p style="margin:0 0 4px">{{venueName}}, {{venueAddress}}</p>
          <p style="margin:0 0 20px">{{experience}}</p>
          <table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-top:1px solid #f0dcc0;border-bottom:1px solid #f0dcc0">
            {{#each lines}}<tr><td>{{label}}</td><td align="right">{{amount}}</td></tr>{{/each}}
            <tr><td><strong>Total paid</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
          </table>
          <p style="margin:24px 0 8px">Show this code at the door:</p>
          <img src="cid:ticket-qr" width="180" height="180" alt="Ticket code {{reference}}" style="display:block">
          <p style="margin:12px 0 4px;font-weight:bold">{{admits}} (children under 5 come free)</p>
          <p style="margin:0 0 4px;font-size:13px;color:#7a4a5e">Ticket code, if the QR code cannot be scanned:</p>
          <p style="margin:0;font-family:'Courier New',Courier,monospace;font-size:13px;line-height:1.5;word-break:break-all">{{ticketCode}}</p>
          <p style="margin:20px 0 0;font-size:13px;color:#7a4a5e">The event is attached as a calendar file. Questions? Call us at {{phone}} or write to {{email}}.</p>
        </td></tr>
        <tr><td style="background:#fbeedd;padding:16px 32px;font-size:12px;color:#7a4a5e">{{restaurantName}} · {{address}}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`);

export const confirmationText = Handlebars.compile<ConfirmationView>(
  `You're All Set!

Your tickets for {{partyName}} are confirmed.
Order reference: {{reference}}

{{dateLabel}}, {{timeLabel}}
{{venueName}}, {{venueAddress}}
{{experience}}

{{#each lines}}{{label}}: {{amount}}
{{/each}}Total paid: {{total}}

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

Your payment of {{total}} for {{partyName}} reached us after your ticket hold had expired, and the
party sold out in the meantime. We could not issue your tickets, so we have refunded the full
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
}

export interface RefundView {
  customerName: string;
  total: string;
  partyName: string;
  reference: string;
  restaurantName: string;
  phone: string;
}

/** The order reference guests see: the first 8 characters of the order id, upper case. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

function icsDate(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** An RFC 5545 calendar event for the party. */
export function partyCalendarEvent(input: {
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description: string;
  organizerName: string;
  organizerEmail: string;
}): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Festival//Party tickets//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${icsDate(new Date().toISOString())}`,
    `DTSTART:${icsDate(input.startsAt)}`,
    `DTEND:${icsDate(input.endsAt)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `LOCATION:${icsText(input.location)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    `ORGANIZER;CN=${icsText(input.organizerName)}:mailto:${input.organizerEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
