import Handlebars from 'handlebars';
import type { MessageDescriptor } from '@lingui/core';
import { formatCents, type GuestMeal, type SiteConfig } from '@festival/contracts';
import { calendarEvent } from '../mail/calendar-event.js';
import { confirmationLayout, type ConfirmationWords } from '../mail/confirmation-layout.js';
import { SafeHtml, type GuestLanguage } from '../../common/guest-language.js';
import type { RenderedEmail } from '../mail/rendered-email.js';
import { MAIL_MESSAGES } from '../mail/mail-messages.js';
import { LATE_PAYMENT_REASONS } from './late-payment-reasons.js';

/** The party e-mails' words (docs/languages.md): the confirmation, its calendar file and the refunds. */
export const TICKET_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.tickets.subject',
    message: 'Your tickets for {partyName} · {reference}',
    comment: "The confirmation e-mail's subject: the party's name and the order's short reference (3F2A9C1E).",
  },
  title: /*i18n*/ {
    id: 'mail.tickets.title',
    message: "You're All Set!",
    comment: "The confirmation e-mail's heading, once the tickets are paid.",
  },
  intro: /*i18n*/ {
    id: 'mail.tickets.intro',
    message: 'Your tickets for {partyName} are confirmed.',
    comment: "Under the confirmation's heading (partyName is the party's name as the manager wrote it).",
  },
  adultTickets: /*i18n*/ {
    id: 'mail.tickets.adultTickets',
    message: 'Adult tickets × {count}',
    comment: 'A price line: adult tickets times how many.',
  },
  childTickets: /*i18n*/ {
    id: 'mail.tickets.childTickets',
    message: 'Child tickets × {count}',
    comment: 'A price line: child tickets times how many.',
  },
  groupDiscount: /*i18n*/ {
    id: 'mail.tickets.groupDiscount',
    message: 'Group discount ({percent}%)',
    comment: 'Review: a price line: the discount for a large group, with its percent.',
  },
  promoCode: /*i18n*/ {
    id: 'mail.tickets.promoCode',
    message: 'Promo code {code} ({percent}%)',
    comment: 'Review: a price line: the discount of a promo code (code is the code the guest typed, DIWALI5), with its percent.',
  },
  taxLine: /*i18n*/ {
    id: 'mail.tickets.tax',
    message: 'Tax (9.38%)',
    comment: 'Review: a price line: the sales tax on the order, with its rate.',
  },
  complimentary: /*i18n*/ {
    id: 'mail.tickets.complimentary',
    message: '{total} (complimentary)',
    comment: 'Review: the total paid of tickets the restaurant gave for free (total is $0.00).',
  },
  meals: /*i18n*/ {
    id: 'mail.tickets.meals',
    message: 'Meals',
    comment: "The heading of each guest's meal choice.",
  },
  guestMeal: /*i18n*/ {
    id: 'mail.tickets.guestMeal',
    message: 'Guest {seat}, {name}: {meal}',
    comment: "One guest's meal: the guest's number in the order, their name and the meal (as the manager named it: Jain).",
  },
  guestMealUnnamed: /*i18n*/ {
    id: 'mail.tickets.guestMealUnnamed',
    message: 'Guest {seat}: {meal}',
    comment: "One guest's meal, the guest left unnamed: the guest's number in the order and the meal (as the manager named it: Jain).",
  },
  drinksTabLink: /*i18n*/ {
    id: 'mail.tickets.drinksTabLink',
    message: 'Open my drinks tab',
    comment:
      "Review: a link that opens a bar tab at the party on the card the guest kept when buying tickets (the start of the sentence 'Open my drinks tab with the card you kept for drinks at the party').",
  },
  drinksTab: /*i18n*/ {
    id: 'mail.tickets.drinksTab',
    message: '{link} with the card you kept for drinks at the party.',
    comment:
      "Review: link is the link 'Open my drinks tab'; the guest kept their card on file to pay for drinks at the party on a bar tab.",
  },
  drinksTabText: /*i18n*/ {
    id: 'mail.tickets.drinksTabText',
    message: 'Open my drinks tab (with the card you kept for drinks at the party):',
    comment: "Review: the plain-text e-mail's line above the link that opens a bar tab on the card the guest kept for drinks at the party.",
  },
  codePrompt: /*i18n*/ {
    id: 'mail.tickets.codePrompt',
    message: 'Show this code at the door:',
    comment: "Above the ticket's QR code.",
  },
  showAtDoor: /*i18n*/ {
    id: 'mail.tickets.showAtDoor',
    message: 'Show the QR code in this e-mail (or your order reference) at the door.',
    comment: "The plain-text e-mail's line about the ticket's QR code (attached as an image).",
  },
  admits: /*i18n*/ {
    id: 'mail.tickets.admits',
    message: 'Admits {guests, plural, one {# guest} other {# guests}}: {tickets}',
    comment: 'Review: how many people the ticket code lets in at the door; tickets lists them (2 adults, 1 child, 1 VIP Table).',
  },
  adults: /*i18n*/ {
    id: 'mail.tickets.adults',
    message: '{count, plural, one {# adult} other {# adults}}',
    comment: 'Tickets of an order: how many adults.',
  },
  children: /*i18n*/ {
    id: 'mail.tickets.children',
    message: '{count, plural, one {# child} other {# children}}',
    comment: 'Tickets of an order: how many children.',
  },
  admitsUnderFive: /*i18n*/ {
    id: 'mail.tickets.admitsUnderFive',
    message: '{admits} (children under 5 come free)',
    comment: "Review: under the QR code: admits is 'Admits 3 guests: 2 adults, 1 child'; young children need no ticket.",
  },
  admitsUnderFiveText: /*i18n*/ {
    id: 'mail.tickets.admitsUnderFiveText',
    message: '{admits} (children under 5 come free).',
    comment: "Review: the plain-text e-mail's line: admits is 'Admits 3 guests: 2 adults, 1 child'; young children need no ticket.",
  },
  codeAlt: /*i18n*/ {
    id: 'mail.tickets.codeAlt',
    message: 'Ticket code {reference}',
    comment: "The QR image's text for those who cannot see it (reference is the order's short reference).",
  },
  codeLabel: /*i18n*/ {
    id: 'mail.tickets.codeLabel',
    message: 'Ticket code, if the QR code cannot be scanned:',
    comment: 'Above the ticket code printed in letters, under the QR code.',
  },
  calendar: /*i18n*/ {
    id: 'mail.tickets.calendar',
    message: 'The event is attached as a calendar file.',
    comment: 'The e-mail carries the party as a calendar file (.ics).',
  },
  calendarDescription: /*i18n*/ {
    id: 'mail.tickets.calendarDescription',
    message: 'Order {reference}: {adults} adult, {children} child{others}. {experience}.',
    comment:
      "The calendar event's description: the order's reference, its adult and child tickets (numbers), others its other tickets each after a comma (', 1 VIP Table', or nothing), then the party's description as the manager wrote it.",
  },
  lateSubject: /*i18n*/ {
    id: 'mail.tickets.late.subject',
    message: 'Your payment for {partyName} has been refunded',
    comment: 'Review: the subject of the e-mail to a guest whose payment came too late for tickets, and was refunded.',
  },
  lateBody: /*i18n*/ {
    id: 'mail.tickets.late.body',
    message:
      'Your payment of {total} for {partyName} reached us after your ticket hold had expired, and\n{reason} in the meantime. We could not issue your tickets, so we have refunded the full\namount to your card (order reference {reference}). It may take a few days to appear.',
    comment:
      "Review: the payment (total, US dollars) came after the time the tickets were held for the guest; reason is what changed meanwhile, a whole clause ('the party sold out'); the full amount goes back to their card. Break the lines where you like.",
  },
  lateSorry: /*i18n*/ {
    id: 'mail.tickets.late.sorry',
    message: 'We are sorry, and we hope to welcome you at the restaurant soon.',
    comment: 'The end of the e-mail about a late payment refunded.',
  },
  soldOut: /*i18n*/ {
    id: 'mail.tickets.late.soldOut',
    message: 'the party sold out',
    comment: "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime': no tickets were left.",
  },
  salesEnded: /*i18n*/ {
    id: 'mail.tickets.late.salesEnded',
    message: 'ticket sales closed',
    comment: "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime': the sale of tickets ended.",
  },
  priceRose: /*i18n*/ {
    id: 'mail.tickets.late.priceRose',
    message: 'the ticket price went up',
    comment: "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime'.",
  },
  promoInvalid: /*i18n*/ {
    id: 'mail.tickets.late.promoInvalid',
    message: 'the promo code was switched off',
    comment:
      "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime': the restaurant ended the guest's promo code.",
  },
  promoExpired: /*i18n*/ {
    id: 'mail.tickets.late.promoExpired',
    message: 'the promo code expired',
    comment: "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime'.",
  },
  promoUsedUp: /*i18n*/ {
    id: 'mail.tickets.late.promoUsedUp',
    message: 'the promo code was used up',
    comment: "Review: why a late payment was refunded, a clause in 'and {reason} in the meantime': the code's uses ran out.",
  },
  refundSubject: /*i18n*/ {
    id: 'mail.tickets.refund.subject',
    message: 'Refund for your {partyName} tickets · {reference}',
    comment: "Review: the subject of the e-mail about a refund the restaurant made: the party's name and the order's short reference.",
  },
  refundedTickets: /*i18n*/ {
    id: 'mail.tickets.refund.tickets',
    message:
      'We have refunded {amount} to your card for {tickets} of your order {reference} for\n{partyName}. It may take a few days to appear.',
    comment:
      "Review: a refund of some tickets: amount in US dollars; tickets says which ('1 adult and 1 child tickets'); reference is the order's short reference. Break the lines where you like.",
  },
  refundedMoney: /*i18n*/ {
    id: 'mail.tickets.refund.money',
    message: 'We have refunded {amount} to your card for your order {reference} for\n{partyName}. It may take a few days to appear.',
    comment:
      "Review: a refund of money alone (the tickets stay): amount in US dollars; reference is the order's short reference. Break the lines where you like.",
  },
  refundAdults: /*i18n*/ {
    id: 'mail.tickets.refund.adults',
    message: '{count} adult',
    comment: "Adult tickets refunded, a part of the list in '{list} tickets' (2 adult and 1 child tickets).",
  },
  refundChildren: /*i18n*/ {
    id: 'mail.tickets.refund.children',
    message: '{count} child',
    comment: "Child tickets refunded, a part of the list in '{list} tickets' (2 adult and 1 child tickets).",
  },
  refundTicketList: /*i18n*/ {
    id: 'mail.tickets.refund.ticketList',
    message: '{list} {count, plural, one {ticket} other {tickets}}',
    comment:
      "The tickets refunded: list names them ('2 adult and 1 child', '1 VIP Table'), count is how many in all. It fills {tickets} in 'for {tickets} of your order'.",
  },
  refundedWhole: /*i18n*/ {
    id: 'mail.tickets.refund.whole',
    message: 'Your order has been refunded in full: its tickets are no longer valid.',
    comment: 'Review: after a refund of the whole order: its ticket code no longer lets anyone in.',
  },
  refundedRemaining: /*i18n*/ {
    id: 'mail.tickets.refund.remaining',
    message: 'Your ticket code stays the same and now admits {guests, plural, one {# guest} other {# guests}}: {tickets}.',
    comment: 'Review: after a refund of some tickets: the same ticket code lets fewer people in; tickets lists them (1 adult, 1 child).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What a late payment's reason (`failureReason`, in English) is in the e-mail's language. */
const LATE_REASONS: Readonly<Record<string, MessageDescriptor>> = {
  [LATE_PAYMENT_REASONS.soldOut]: TICKET_MESSAGES.soldOut,
  [LATE_PAYMENT_REASONS.salesEnded]: TICKET_MESSAGES.salesEnded,
  [LATE_PAYMENT_REASONS.priceRose]: TICKET_MESSAGES.priceRose,
  [LATE_PAYMENT_REASONS.promo.invalid]: TICKET_MESSAGES.promoInvalid,
  [LATE_PAYMENT_REASONS.promo.expired]: TICKET_MESSAGES.promoExpired,
  [LATE_PAYMENT_REASONS.promo['used-up']]: TICKET_MESSAGES.promoUsedUp,
};

/** A late payment's reason (`failureReason`, in English) in `mail`'s language; an unknown one as it is. */
export function lateReasonIn(mail: GuestLanguage, english: string): string {
  const reason = LATE_REASONS[english];
  return reason ? mail.text(reason) : english;
}

/** The words of a confirmation with a drinks tab, beyond the layout's. */
interface TicketConfirmationWords extends ConfirmationWords {
  meals: string;
  drinksTab: string;
  showAtDoor: string;
  admits: string;
}

type Rendered<V> = V & { lang: string; t: TicketConfirmationWords };

/** The confirmation e-mail, in the order e-mails' one layout; every value is escaped by handlebars. */
const confirmationHtml = Handlebars.compile<Rendered<ConfirmationView>>(
  confirmationLayout({
    details: `          <p style="margin:0 0 4px"><strong>{{dateLabel}}</strong>, {{timeLabel}}</p>
          <p style="margin:0 0 4px">{{venueName}}, {{venueAddress}}</p>
          <p style="margin:0 0 20px">{{experience}}</p>{{#if meals}}
          <p style="margin:0 0 4px"><strong>{{{t.meals}}}</strong></p>{{#each meals}}
          <p style="margin:0 0 4px">{{this}}</p>{{/each}}
          <p style="margin:0 0 20px"></p>{{/if}}{{#if drinksTabLink}}
          <p style="margin:0 0 20px">{{{t.drinksTab}}}</p>{{/if}}`,
    codeImage: { cid: 'ticket-qr' },
    afterImage: `          <p style="margin:12px 0 4px;font-weight:bold">{{{t.admits}}}</p>
`,
    code: { field: 'ticketCode' },
  }),
);

const confirmationText = Handlebars.compile<Rendered<ConfirmationView>>(
  `{{t.title}}

{{t.intro}}
{{t.orderReference}}: {{reference}}

{{dateLabel}}, {{timeLabel}}
{{venueName}}, {{venueAddress}}
{{experience}}

{{#each lines}}{{label}}: {{amount}}
{{/each}}{{t.totalPaid}}: {{total}}
{{#if meals}}
{{t.meals}}:
{{#each meals}}{{this}}
{{/each}}{{/if}}{{#if drinksTabLink}}
{{t.drinksTab}}
{{drinksTabLink}}
{{/if}}
{{t.showAtDoor}}
{{t.admits}}
{{t.codeLabel}}
{{ticketCode}}
{{t.questions}}

{{restaurantName}} · {{address}}
`,
  { noEscape: true },
);

const lateRefundText = Handlebars.compile<{ t: Record<'greeting' | 'body' | 'sorry', string>; restaurantName: string; phone: string }>(
  `{{t.greeting}}

{{t.body}}

{{t.sorry}}
{{restaurantName}} · {{phone}}
`,
  { noEscape: true },
);

const ticketRefundText = Handlebars.compile<{
  t: Record<'greeting' | 'refunded' | 'after', string>;
  restaurantName: string;
  phone: string;
}>(
  `{{t.greeting}}

{{t.refunded}}
{{t.after}}
{{restaurantName}} · {{phone}}
`,
  { noEscape: true },
);

export interface ConfirmationView {
  restaurantName: string;
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
  /** Each guest's meal (docs/meals.md): `Guest 1, Asha: Jain (peanuts; no onion)`; empty without meals. */
  meals: string[];
  /** The `Open my drinks tab` link, when the buyer kept their card for drinks (docs/guest-account.md). */
  drinksTabLink?: string | null;
}

/** An order's tickets of another type (docs/ticket-types.md): `1 VIP Table`, each admitting `seats`. */
export interface OtherTicketLine {
  name: string;
  quantity: number;
  seats: number;
}

/** An order's tickets as the e-mails write them: `2 adults, 1 child, 1 VIP Table`. */
export function ticketList(mail: GuestLanguage, adults: number, children: number, others: readonly OtherTicketLine[] = []): string {
  return [
    adults > 0 && mail.text(TICKET_MESSAGES.adults, { count: adults }),
    children > 0 && mail.text(TICKET_MESSAGES.children, { count: children }),
    ...others.filter((line) => line.quantity > 0).map((line) => `${line.quantity} ${line.name}`),
  ]
    .filter(Boolean)
    .join(', ');
}

/** `Admits 3 guests: 2 adults, 1 child`: what an order's ticket code lets in at the door. */
export function admitsLine(mail: GuestLanguage, adults: number, children: number, others: readonly OtherTicketLine[] = []): string {
  const guests = adults + children + others.reduce((sum, line) => sum + line.quantity * line.seats, 0);
  return mail.text(TICKET_MESSAGES.admits, { guests, tickets: ticketList(mail, adults, children, others) });
}

/** One guest's meal as the e-mail lists it: `Guest 1, Asha: Jain (peanuts; no onion)`. */
export function guestMealLine(mail: GuestLanguage, guest: GuestMeal): string {
  const needs = [guest.allergens.join(', '), guest.note ?? ''].filter(Boolean).join('; ');
  const line = guest.name
    ? mail.text(TICKET_MESSAGES.guestMeal, { seat: guest.seat, name: guest.name, meal: guest.meal })
    : mail.text(TICKET_MESSAGES.guestMealUnnamed, { seat: guest.seat, meal: guest.meal });
  return `${line}${needs ? ` (${needs})` : ''}`;
}

/** The order's amounts and tickets as the confirmation lists them. */
export interface ConfirmationOrder {
  adultTickets: number;
  childTickets: number;
  adultPriceCents: number;
  childPriceCents: number;
  refundedAdults: number;
  refundedChildren: number;
  groupDiscountCents: number;
  groupDiscountPercent: number;
  promoDiscountCents: number;
  promoDiscountPercent: number;
  promoCode: string | null;
  taxCents: number;
  totalCents: number;
  /** Tickets given by the restaurant (docs/door.md): the total says why it is $0. */
  comp: boolean;
}

/** An order's line of another ticket type, as it was bought and refunded. */
export interface ConfirmationLine extends OtherTicketLine {
  unitPriceCents: number;
  refundedQuantity: number;
}

export interface ConfirmationInput {
  site: Pick<SiteConfig, 'restaurant' | 'party'>;
  reference: string;
  order: ConfirmationOrder;
  others: readonly ConfirmationLine[];
  meals: readonly GuestMeal[];
  /** The ticket code in groups of four. */
  ticketCode: string;
  drinksTabLink: string | null;
}

const addressOf = ({ street, city, region, postalCode }: SiteConfig['restaurant']['address']): string =>
  `${street}, ${city}, ${region} ${postalCode}`;

/** A paid order's confirmation e-mail, in `mail`'s language: its subject, text and HTML. */
export function confirmationEmail(mail: GuestLanguage, input: ConfirmationInput): Required<RenderedEmail> {
  const { restaurant, party } = input.site;
  const { order, others, reference } = input;
  const lines = [
    order.adultTickets > 0 && {
      label: mail.text(TICKET_MESSAGES.adultTickets, { count: order.adultTickets }),
      amount: formatCents(order.adultTickets * order.adultPriceCents),
    },
    order.childTickets > 0 && {
      label: mail.text(TICKET_MESSAGES.childTickets, { count: order.childTickets }),
      amount: formatCents(order.childTickets * order.childPriceCents),
    },
    ...others.map((line) => ({ label: `${line.name} × ${line.quantity}`, amount: formatCents(line.quantity * line.unitPriceCents) })),
    order.groupDiscountCents > 0 && {
      label: mail.text(TICKET_MESSAGES.groupDiscount, { percent: String(order.groupDiscountPercent) }),
      amount: `-${formatCents(order.groupDiscountCents)}`,
    },
    order.promoDiscountCents > 0 && {
      label: mail.text(TICKET_MESSAGES.promoCode, { code: order.promoCode ?? '', percent: String(order.promoDiscountPercent) }),
      amount: `-${formatCents(order.promoDiscountCents)}`,
    },
    { label: mail.text(TICKET_MESSAGES.taxLine), amount: formatCents(order.taxCents) },
  ].filter((l): l is { label: string; amount: string } => Boolean(l));
  const { dateLabel, timeLabel } = mail.eventLabels(party);
  const view: ConfirmationView = {
    restaurantName: restaurant.name,
    reference,
    dateLabel,
    timeLabel,
    venueName: party.venue.name,
    venueAddress: party.venue.address,
    experience: party.experience,
    lines,
    // A comp (docs/door.md) says why it is $0.
    total: order.comp ? mail.text(TICKET_MESSAGES.complimentary, { total: formatCents(0) }) : formatCents(order.totalCents),
    phone: restaurant.phone,
    email: restaurant.email,
    address: addressOf(restaurant.address),
    ticketCode: input.ticketCode,
    meals: input.meals.map((guest) => guestMealLine(mail, guest)),
    drinksTabLink: input.drinksTabLink ? mail.pageLink(input.drinksTabLink) : null,
  };
  // Who the ticket admits now: a partly refunded order admits only its remaining guests.
  const admits = admitsLine(
    mail,
    order.adultTickets - order.refundedAdults,
    order.childTickets - order.refundedChildren,
    others.map((line) => ({ name: line.name, quantity: line.quantity - line.refundedQuantity, seats: line.seats })),
  );
  const contact = { phone: restaurant.phone, email: restaurant.email };
  const html = confirmationHtml({
    ...view,
    lang: mail.language,
    t: {
      title: mail.html(TICKET_MESSAGES.title),
      intro: mail.html(TICKET_MESSAGES.intro, { partyName: party.name }),
      orderReference: mail.html(MAIL_MESSAGES.orderReference),
      totalPaid: mail.html(MAIL_MESSAGES.totalPaid),
      meals: mail.html(TICKET_MESSAGES.meals),
      drinksTab: view.drinksTabLink
        ? mail.html(TICKET_MESSAGES.drinksTab, {
            link: new SafeHtml(
              `<a href="${Handlebars.escapeExpression(view.drinksTabLink)}">${mail.html(TICKET_MESSAGES.drinksTabLink)}</a>`,
            ),
          })
        : '',
      codePrompt: mail.html(TICKET_MESSAGES.codePrompt),
      showAtDoor: '',
      admits: mail.html(TICKET_MESSAGES.admitsUnderFive, { admits }),
      codeAlt: mail.html(TICKET_MESSAGES.codeAlt, { reference }),
      codeLabel: mail.html(TICKET_MESSAGES.codeLabel),
      calendar: mail.html(TICKET_MESSAGES.calendar),
      questions: mail.html(MAIL_MESSAGES.questions, contact),
    },
  });
  const text = confirmationText({
    ...view,
    lang: mail.language,
    t: {
      title: mail.text(TICKET_MESSAGES.title),
      intro: mail.text(TICKET_MESSAGES.intro, { partyName: party.name }),
      orderReference: mail.text(MAIL_MESSAGES.orderReference),
      totalPaid: mail.text(MAIL_MESSAGES.totalPaid),
      meals: mail.text(TICKET_MESSAGES.meals),
      drinksTab: mail.text(TICKET_MESSAGES.drinksTabText),
      codePrompt: mail.text(TICKET_MESSAGES.codePrompt),
      showAtDoor: mail.text(TICKET_MESSAGES.showAtDoor),
      admits: mail.text(TICKET_MESSAGES.admitsUnderFiveText, { admits }),
      codeAlt: '',
      codeLabel: mail.text(TICKET_MESSAGES.codeLabel),
      calendar: mail.text(TICKET_MESSAGES.calendar),
      questions: mail.text(MAIL_MESSAGES.questions, contact),
    },
  });
  return { subject: mail.text(TICKET_MESSAGES.subject, { partyName: party.name, reference }), text, html };
}

/** The party's calendar event of an order (the e-mail's attachment and the page's `Add to calendar`), in `mail`'s language. */
export function partyCalendarEvent(
  mail: GuestLanguage,
  input: {
    orderId: string;
    reference: string;
    adultTickets: number;
    childTickets: number;
    others: readonly { name: string; quantity: number }[];
    site: Pick<SiteConfig, 'restaurant' | 'party'>;
  },
): string {
  const { restaurant, party } = input.site;
  return calendarEvent({
    uid: `${input.orderId}@festival`,
    startsAt: party.startsAt,
    endsAt: party.endsAt,
    summary: `${party.name} · ${restaurant.name}`,
    location: `${party.venue.name}, ${party.venue.address}`,
    description: mail.text(TICKET_MESSAGES.calendarDescription, {
      reference: input.reference,
      adults: input.adultTickets,
      children: input.childTickets,
      others: input.others.map((line) => `, ${line.quantity} ${line.name}`).join(''),
      experience: party.experience,
    }),
    organizerName: restaurant.name,
    organizerEmail: restaurant.email,
    language: mail.language,
  });
}

/** The e-mail to a buyer whose late payment was refunded, and why (`reason`: the order's `failureReason`). */
export function lateRefundEmail(
  mail: GuestLanguage,
  input: {
    site: Pick<SiteConfig, 'restaurant' | 'party'>;
    customerName: string;
    totalCents: number;
    reason: string | null;
    reference: string;
  },
): RenderedEmail {
  const { restaurant, party } = input.site;
  const english = input.reason ?? LATE_PAYMENT_REASONS.soldOut;
  const reason = lateReasonIn(mail, english);
  return {
    subject: mail.text(TICKET_MESSAGES.lateSubject, { partyName: party.name }),
    text: lateRefundText({
      t: {
        greeting: mail.text(MAIL_MESSAGES.greeting, { name: input.customerName }),
        body: mail.text(TICKET_MESSAGES.lateBody, {
          total: formatCents(input.totalCents),
          partyName: party.name,
          reason,
          reference: input.reference,
        }),
        sorry: mail.text(TICKET_MESSAGES.lateSorry),
      },
      restaurantName: restaurant.name,
      phone: restaurant.phone,
    }),
  };
}

/** A refund the restaurant made (the whole order, or some of its tickets). */
export function ticketRefundEmail(
  mail: GuestLanguage,
  input: {
    site: Pick<SiteConfig, 'restaurant' | 'party'>;
    customerName: string;
    reference: string;
    amountCents: number;
    /** The tickets refunded: none for a refund of money alone. */
    refunded: { adults: number; children: number; others: readonly { name: string; quantity: number }[] };
    /** The order is refunded in full: its tickets no longer valid. */
    whole: boolean;
    /** What the ticket code still admits. */
    remaining: { adults: number; children: number; others: readonly OtherTicketLine[] };
  },
): RenderedEmail {
  const { restaurant, party } = input.site;
  const { refunded, remaining } = input;
  const parts = [
    refunded.adults > 0 && mail.text(TICKET_MESSAGES.refundAdults, { count: refunded.adults }),
    refunded.children > 0 && mail.text(TICKET_MESSAGES.refundChildren, { count: refunded.children }),
    ...refunded.others.map((item) => `${item.quantity} ${item.name}`),
  ].filter((part): part is string => Boolean(part));
  const count = refunded.adults + refunded.children + refunded.others.reduce((sum, item) => sum + item.quantity, 0);
  const amount = formatCents(input.amountCents);
  const refundedLine =
    parts.length > 0
      ? mail.text(TICKET_MESSAGES.refundedTickets, {
          amount,
          tickets: mail.text(TICKET_MESSAGES.refundTicketList, {
            list: parts.reduce((before, after) => mail.text(MAIL_MESSAGES.and, { before, after })),
            count,
          }),
          reference: input.reference,
          partyName: party.name,
        })
      : mail.text(TICKET_MESSAGES.refundedMoney, { amount, reference: input.reference, partyName: party.name });
  const guests = remaining.adults + remaining.children + remaining.others.reduce((sum, line) => sum + line.quantity * line.seats, 0);
  return {
    subject: mail.text(TICKET_MESSAGES.refundSubject, { partyName: party.name, reference: input.reference }),
    text: ticketRefundText({
      t: {
        greeting: mail.text(MAIL_MESSAGES.greeting, { name: input.customerName }),
        refunded: refundedLine,
        after: input.whole
          ? mail.text(TICKET_MESSAGES.refundedWhole)
          : mail.text(TICKET_MESSAGES.refundedRemaining, {
              guests,
              tickets: ticketList(mail, remaining.adults, remaining.children, remaining.others),
            }),
      },
      restaurantName: restaurant.name,
      phone: restaurant.phone,
    }),
  };
}
