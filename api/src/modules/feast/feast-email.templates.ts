import Handlebars from 'handlebars';
import type { MessageDescriptor } from '@lingui/core';
import { formatCents, type SiteConfig } from '@festival/contracts';
import { calendarEvent } from '../mail/calendar-event.js';
import { confirmationLayout, type ConfirmationWords } from '../mail/confirmation-layout.js';
import { SafeHtml, type GuestLanguage } from '../../common/guest-language.js';
import type { RenderedEmail } from '../mail/rendered-email.js';
import { MAIL_MESSAGES } from '../mail/mail-messages.js';
import { LATE_PREORDER_REASONS } from './late-payment-reasons.js';

/** The feast pack e-mails' words (docs/languages.md): the pre-order's confirmation, its calendar file, its refunds. */
export const FEAST_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.feast.subject',
    message: 'Your Diwali feast pack pre-order · {reference}',
    comment:
      "The pre-order confirmation's subject, with the order's short reference (3F2A9C1E). A feast pack is a boxed Diwali meal the guest picks up.",
  },
  title: /*i18n*/ {
    id: 'mail.feast.title',
    message: 'Pre-order Confirmed',
    comment: "The pre-order confirmation's heading, once paid.",
  },
  intro: /*i18n*/ {
    id: 'mail.feast.intro',
    message: 'Your Diwali feast packs are reserved.',
    comment: "Under the pre-order confirmation's heading.",
  },
  pickUp: /*i18n*/ {
    id: 'mail.feast.pickUp',
    message: 'Pick up on {date} at {time}',
    comment: 'When to pick the packs up: date is a day (Saturday, November 7, 2026), time a time of day (11:00 AM).',
  },
  codePrompt: /*i18n*/ {
    id: 'mail.feast.codePrompt',
    message: 'Show this code when you pick up your order:',
    comment: "Above the pre-order's QR code.",
  },
  showAtPickup: /*i18n*/ {
    id: 'mail.feast.showAtPickup',
    message: 'Show the QR code in this e-mail (or your order reference) when you pick up your order.',
    comment: "The plain-text e-mail's line about the pre-order's QR code (attached as an image).",
  },
  codeAlt: /*i18n*/ {
    id: 'mail.feast.codeAlt',
    message: 'Pickup code {reference}',
    comment: "The QR image's text for those who cannot see it (reference is the order's short reference).",
  },
  codeLabel: /*i18n*/ {
    id: 'mail.feast.codeLabel',
    message: 'Pickup code, if the QR code cannot be scanned:',
    comment: 'Above the pickup code printed in letters, under the QR code.',
  },
  calendar: /*i18n*/ {
    id: 'mail.feast.calendar',
    message: 'The pickup time is attached as a calendar file.',
    comment: 'The e-mail carries the pickup time as a calendar file (.ics).',
  },
  calendarSummary: /*i18n*/ {
    id: 'mail.feast.calendarSummary',
    message: 'Feast pack pickup · {restaurantName}',
    comment: "The calendar event's title: picking up the feast packs at the restaurant.",
  },
  calendarDescription: /*i18n*/ {
    id: 'mail.feast.calendarDescription',
    message: 'Pre-order {reference}: {items}.',
    comment: "The calendar event's description: the order's short reference, then its packs (Vegetarian Feast Pack × 2, …).",
  },
  refundSubject: /*i18n*/ {
    id: 'mail.feast.refund.subject',
    message: 'Your feast pack pre-order {reference} has been refunded',
    comment:
      "Review: the subject of the e-mail about a pre-order the restaurant cancelled and refunded (reference is the order's short reference).",
  },
  refundBody: /*i18n*/ {
    id: 'mail.feast.refund.body',
    message:
      'Your feast pack pre-order {reference} has been cancelled and your payment of {total} refunded in full; it reaches your card within a few business days.',
    comment: 'Review: the restaurant cancelled the pre-order and gave back the whole payment (total, US dollars) to the card.',
  },
  lateSubject: /*i18n*/ {
    id: 'mail.feast.late.subject',
    message: 'Your feast pack payment has been refunded',
    comment: 'Review: the subject of the e-mail to a guest whose pre-order payment came too late, and was refunded.',
  },
  lateBody: /*i18n*/ {
    id: 'mail.feast.late.body',
    message:
      'Your payment of {total} for feast pack pre-order {reference} went through after your packs were released, and {reason} meanwhile. We have refunded it in full; it reaches your card within a few business days.',
    comment:
      "Review: the payment (total, US dollars) came after the packs' hold ended; reason is what changed meanwhile, a whole clause ('the pickup time filled up'); the whole payment goes back to the card.",
  },
  lateSorry: /*i18n*/ {
    id: 'mail.feast.late.sorry',
    message: 'Sorry for the trouble.',
    comment: 'In the e-mail about a late pre-order payment refunded, before the phone number to call.',
  },
  full: /*i18n*/ {
    id: 'mail.feast.late.full',
    message: 'the pickup time filled up',
    comment:
      "Review: why a late pre-order payment was refunded, a clause in 'and {reason} meanwhile': no room was left at that pickup time.",
  },
  closed: /*i18n*/ {
    id: 'mail.feast.late.closed',
    message: 'pre-orders closed',
    comment:
      "Review: why a late pre-order payment was refunded, a clause in 'and {reason} meanwhile': the restaurant stopped taking pre-orders.",
  },
  packGone: /*i18n*/ {
    id: 'mail.feast.late.packGone',
    message: 'a pack in your order is no longer offered',
    comment: "Review: why a late pre-order payment was refunded, a clause in 'and {reason} meanwhile'.",
  },
  priceRose: /*i18n*/ {
    id: 'mail.feast.late.priceRose',
    message: 'a pack price went up',
    comment: "Review: why a late pre-order payment was refunded, a clause in 'and {reason} meanwhile'.",
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What a late payment's reason (`failureReason`, in English) is in the e-mail's language. */
const LATE_REASONS: Readonly<Record<string, MessageDescriptor>> = {
  [LATE_PREORDER_REASONS.full]: FEAST_MESSAGES.full,
  [LATE_PREORDER_REASONS.closed]: FEAST_MESSAGES.closed,
  [LATE_PREORDER_REASONS.packGone]: FEAST_MESSAGES.packGone,
  [LATE_PREORDER_REASONS.priceRose]: FEAST_MESSAGES.priceRose,
};

/** A late pre-order payment's reason (`failureReason`, in English) in `mail`'s language; an unknown one as it is. */
export function feastLateReasonIn(mail: GuestLanguage, english: string): string {
  const reason = LATE_REASONS[english];
  return reason ? mail.text(reason) : english;
}

export interface PickupConfirmationView {
  restaurantName: string;
  reference: string;
  address: string;
  lines: { label: string; amount: string }[];
  subtotal: string;
  tax: string;
  total: string;
  pickupCode: string;
  phone: string;
  email: string;
}

interface PickupWords extends ConfirmationWords {
  pickUp: string;
  subtotal: string;
  tax: string;
  showAtPickup: string;
}

type Rendered = PickupConfirmationView & { lang: string; t: PickupWords };

/** The pre-order's confirmation, in the order e-mails' one layout; every value is escaped by handlebars. */
const pickupConfirmationHtml = Handlebars.compile<Rendered>(
  confirmationLayout({
    details: `          <p style="margin:0 0 4px">{{{t.pickUp}}}</p>
          <p style="margin:0 0 20px">{{restaurantName}}, {{address}}</p>`,
    extraRows: `            <tr><td>{{{t.subtotal}}}</td><td align="right">{{subtotal}}</td></tr>
            <tr><td>{{{t.tax}}}</td><td align="right">{{tax}}</td></tr>
`,
    codeImage: { cid: 'pickup-qr' },
    code: { field: 'pickupCode' },
  }),
);

const pickupConfirmationText = Handlebars.compile<Rendered>(
  `{{t.title}}

{{t.intro}}
{{t.orderReference}}: {{reference}}

{{t.pickUp}}
{{restaurantName}}, {{address}}

{{#each lines}}{{label}}: {{amount}}
{{/each}}{{t.subtotal}}: {{subtotal}}
{{t.tax}}: {{tax}}
{{t.totalPaid}}: {{total}}

{{t.showAtPickup}}
{{t.codeLabel}}
{{pickupCode}}
{{t.questions}}

{{restaurantName}} · {{address}}
`,
  { noEscape: true },
);

const refundText = Handlebars.compile<{ t: Record<'greeting' | 'body' | 'after', string>; restaurantName: string }>(
  `{{t.greeting}}

{{t.body}}

{{t.after}}

{{restaurantName}}
`,
  { noEscape: true },
);

const addressOf = ({ street, city, region, postalCode }: SiteConfig['restaurant']['address']): string =>
  `${street}, ${city}, ${region} ${postalCode}`;

export interface PickupConfirmationInput {
  restaurant: SiteConfig['restaurant'];
  reference: string;
  /** The pickup day and time as the e-mail says them (`Saturday, November 7, 2026`, `11:00 AM`). */
  pickupDate: string;
  pickupTime: string;
  items: readonly { name: string; quantity: number; price: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The pickup code in groups of four. */
  pickupCode: string;
}

/** A paid pre-order's confirmation e-mail, in `mail`'s language: its subject, text and HTML. */
export function pickupConfirmationEmail(mail: GuestLanguage, input: PickupConfirmationInput): Required<RenderedEmail> {
  const { restaurant, reference } = input;
  const view: PickupConfirmationView = {
    restaurantName: restaurant.name,
    reference,
    address: addressOf(restaurant.address),
    lines: input.items.map((item) => ({ label: `${item.name} × ${item.quantity}`, amount: formatCents(item.price * item.quantity) })),
    subtotal: formatCents(input.subtotalCents),
    tax: formatCents(input.taxCents),
    total: formatCents(input.totalCents),
    pickupCode: input.pickupCode,
    phone: restaurant.phone,
    email: restaurant.email,
  };
  const contact = { phone: restaurant.phone, email: restaurant.email };
  const strong = (value: string) => new SafeHtml(`<strong>${Handlebars.escapeExpression(value)}</strong>`);
  const html = pickupConfirmationHtml({
    ...view,
    lang: mail.language,
    t: {
      title: mail.html(FEAST_MESSAGES.title),
      intro: mail.html(FEAST_MESSAGES.intro),
      orderReference: mail.html(MAIL_MESSAGES.orderReference),
      pickUp: mail.html(FEAST_MESSAGES.pickUp, { date: strong(input.pickupDate), time: strong(input.pickupTime) }),
      subtotal: mail.html(MAIL_MESSAGES.subtotal),
      tax: mail.html(MAIL_MESSAGES.tax),
      totalPaid: mail.html(MAIL_MESSAGES.totalPaid),
      codePrompt: mail.html(FEAST_MESSAGES.codePrompt),
      showAtPickup: '',
      codeAlt: mail.html(FEAST_MESSAGES.codeAlt, { reference }),
      codeLabel: mail.html(FEAST_MESSAGES.codeLabel),
      calendar: mail.html(FEAST_MESSAGES.calendar),
      questions: mail.html(MAIL_MESSAGES.questions, contact),
    },
  });
  const text = pickupConfirmationText({
    ...view,
    lang: mail.language,
    t: {
      title: mail.text(FEAST_MESSAGES.title),
      intro: mail.text(FEAST_MESSAGES.intro),
      orderReference: mail.text(MAIL_MESSAGES.orderReference),
      pickUp: mail.text(FEAST_MESSAGES.pickUp, { date: input.pickupDate, time: input.pickupTime }),
      subtotal: mail.text(MAIL_MESSAGES.subtotal),
      tax: mail.text(MAIL_MESSAGES.tax),
      totalPaid: mail.text(MAIL_MESSAGES.totalPaid),
      codePrompt: mail.text(FEAST_MESSAGES.codePrompt),
      showAtPickup: mail.text(FEAST_MESSAGES.showAtPickup),
      codeAlt: '',
      codeLabel: mail.text(FEAST_MESSAGES.codeLabel),
      calendar: mail.text(FEAST_MESSAGES.calendar),
      questions: mail.text(MAIL_MESSAGES.questions, contact),
    },
  });
  return { subject: mail.text(FEAST_MESSAGES.subject, { reference }), text, html };
}

/** The pickup time's calendar event (PICKUP_MINUTES long from `startsAt`), in `mail`'s language. */
export function pickupCalendarEvent(
  mail: GuestLanguage,
  input: {
    orderId: string;
    reference: string;
    startsAt: string;
    endsAt: string;
    restaurant: SiteConfig['restaurant'];
    items: readonly { name: string; quantity: number }[];
  },
): string {
  const { restaurant } = input;
  return calendarEvent({
    uid: `${input.orderId}@festival`,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    summary: mail.text(FEAST_MESSAGES.calendarSummary, { restaurantName: restaurant.name }),
    location: `${restaurant.name}, ${addressOf(restaurant.address)}`,
    description: mail.text(FEAST_MESSAGES.calendarDescription, {
      reference: input.reference,
      items: input.items.map((item) => `${item.name} × ${item.quantity}`).join(', '),
    }),
    organizerName: restaurant.name,
    organizerEmail: restaurant.email,
    language: mail.language,
  });
}

/**
 * The e-mail of a refunded pre-order: a late payment that could not be honoured (`reason`: the
 * order's `failureReason`), or a refund by the staff.
 */
export function pickupRefundEmail(
  mail: GuestLanguage,
  input: {
    why: 'late-payment' | 'staff';
    restaurant: SiteConfig['restaurant'];
    customerName: string;
    totalCents: number;
    reference: string;
    reason: string | null;
  },
): RenderedEmail {
  const { restaurant, reference } = input;
  const total = formatCents(input.totalCents);
  const greeting = mail.text(MAIL_MESSAGES.greeting, { name: input.customerName });
  const questions = mail.text(MAIL_MESSAGES.questionsByPhone, { phone: restaurant.phone });
  if (input.why === 'staff') {
    return {
      subject: mail.text(FEAST_MESSAGES.refundSubject, { reference }),
      text: refundText({
        t: { greeting, body: mail.text(FEAST_MESSAGES.refundBody, { reference, total }), after: questions },
        restaurantName: restaurant.name,
      }),
    };
  }
  const reason = feastLateReasonIn(mail, input.reason ?? LATE_PREORDER_REASONS.full);
  return {
    subject: mail.text(FEAST_MESSAGES.lateSubject),
    text: refundText({
      t: {
        greeting,
        body: mail.text(FEAST_MESSAGES.lateBody, { total, reference, reason }),
        after: `${mail.text(FEAST_MESSAGES.lateSorry)} ${questions}`,
      },
      restaurantName: restaurant.name,
    }),
  };
}
