import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_SITE_CONFIG, formatSaleDate, formatTicketCode, LANGUAGE_LOCALES, LANGUAGES, type Language } from '@festival/contracts';
import { drinkReceiptEmail, RECEIPT_MESSAGES } from '../drinks/receipts/drink-receipt.template.js';
import { FEAST_MESSAGES, pickupCalendarEvent, pickupConfirmationEmail, pickupRefundEmail } from '../feast/feast-email.templates.js';
import { LINK_MESSAGES, linkEmail } from '../guest-account/link-email.js';
import {
  confirmationEmail,
  lateRefundEmail,
  partyCalendarEvent,
  TICKET_MESSAGES,
  ticketRefundEmail,
  type ConfirmationOrder,
} from '../tickets/ticket-email.templates.js';
import { WAITLIST_MESSAGES, waitlistOfferEmail } from '../tickets/waitlist/waitlist-email.templates.js';
import { guestLanguage, type GuestLanguage } from '../../common/guest-language.js';
import type { RenderedEmail } from './rendered-email.js';
import { MAIL_MESSAGES } from './mail-messages.js';

/**
 * Every guest e-mail (and calendar file) in every language (docs/languages.md, "E-mails and the
 * API's catalogue"). The English ones are what the e-mails said before they were translated,
 * byte for byte: guest-emails.en.json was recorded from the code of then, with these views.
 */
const ENGLISH = JSON.parse(readFileSync(join(__dirname, 'guest-emails.en.json'), 'utf8')) as Record<string, Email & { ics?: string }> & {
  calendar: string;
};

interface Email extends RenderedEmail {
  ics?: string;
}

// A party name that needs escaping in HTML, as a manager may type one.
const PARTY = { ...DEFAULT_SITE_CONFIG.party, name: "Asha's Diwali <Night> & DJ" };
const SITE = { restaurant: DEFAULT_SITE_CONFIG.restaurant, party: PARTY };
const ORDER_ID = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const REFERENCE = '3F2A9C1E';
const ORDER: ConfirmationOrder = {
  adultTickets: 2,
  childTickets: 1,
  adultPriceCents: 4999,
  childPriceCents: 2999,
  refundedAdults: 0,
  refundedChildren: 0,
  groupDiscountCents: 500,
  groupDiscountPercent: 3,
  promoDiscountCents: 650,
  promoDiscountPercent: 5,
  promoCode: 'DIWALI5',
  taxCents: 1234,
  totalCents: 53038,
  comp: false,
};
const VIP = { name: 'VIP Table', quantity: 1, seats: 8, unitPriceCents: 40000, refundedQuantity: 0 };
const MEALS = [
  { seat: 1, name: 'Asha', meal: 'Jain', allergens: ['peanuts'], note: 'no onion', late: false },
  { seat: 2, name: null, meal: 'Vegan', allergens: [], note: null, late: false },
];
const FEAST_ITEMS = [
  { name: 'Vegetarian Feast Pack', quantity: 2, price: 3999 },
  { name: 'Non-Vegetarian Feast Pack', quantity: 1, price: 4999 },
];
const SLOT = { date: '2026-11-07', time: '11:00', startsAt: '2026-11-07T19:00:00.000Z' };
const DRINK_LINES = [
  { quantity: 2, name: 'Mango Lassi', price: '$6.00', amount: '$12.00' },
  { quantity: 1, name: 'Masala Chai', price: '$4.00', amount: '$4.00' },
];
const PLACED_AT = new Date('2025-10-25T03:15:00Z');
const CLOSED_AT = new Date('2025-10-25T05:45:00Z');
const OFFER_UNTIL = new Date('2025-10-20T17:30:00Z');
const OFFER_LINK = 'https://festival.example/diwali-party?offer=tJnIAhfURPOxDXVgt9gYUv8xqM06fFAwBSMEmBhsXfY';
const SIGN_IN_LINK = 'https://festival.example/my-tickets?link=7WWDBByLUoRu903Abwpx_6pyAGhmlQ9HKQF6aKNSwPk';

/** The calendar file without its time of writing. */
const stable = (ics: string) => ics.replace(/DTSTAMP:\S+/, 'DTSTAMP:x');

/** A drinks receipt's view, as DrinkReceipts makes it in the order's language. */
function receipt(mail: GuestLanguage, kind: 'order' | 'tab', updated: boolean): Email {
  const card = mail.text(RECEIPT_MESSAGES.card, { brand: 'Visa', last4: '4242' });
  const shared = {
    restaurantName: SITE.restaurant.name,
    address: '1480 Lakeview Avenue, San Jose, CA 95131',
    lines: DRINK_LINES,
    card,
    updated,
  };
  return kind === 'order'
    ? drinkReceiptEmail(mail, {
        ...shared,
        heading: mail.text(RECEIPT_MESSAGES.orderHeading, { number: 12 }),
        time: mail.receiptTime(PLACED_AT, PARTY.timeZone),
        subtotal: '$16.00',
        tax: '$1.50',
        tip: '$3.00',
        total: '$20.50',
        refunded: null,
      })
    : drinkReceiptEmail(mail, {
        ...shared,
        heading: mail.text(RECEIPT_MESSAGES.tabHeading, { reference: REFERENCE }),
        time: mail.receiptTime(CLOSED_AT, PARTY.timeZone),
        subtotal: '$16.00',
        tax: '$1.50',
        tip: '$0.00',
        total: '$17.50',
        refunded: '$4.00',
      });
}

/** Every guest e-mail in one language, by name, with the views the English ones were recorded with. */
function allEmails(language: Language): Record<string, Email> {
  const mail = guestLanguage(language);
  const others = [VIP];
  const confirmation = (order: ConfirmationOrder): Email => ({
    ...confirmationEmail(mail, {
      site: SITE,
      reference: REFERENCE,
      order,
      others,
      meals: MEALS,
      ticketCode: formatTicketCode('A'.repeat(128)),
      drinksTabLink: 'https://example.test/drinks?ticket=abc',
    }),
    ics: stable(
      partyCalendarEvent(mail, { orderId: ORDER_ID, reference: REFERENCE, adultTickets: 2, childTickets: 1, others, site: SITE }),
    ),
  });
  const refund = (
    refunded: { adults: number; children: number; others: { name: string; quantity: number }[] },
    amountCents: number,
    remaining: { adults: number; children: number },
    whole = false,
  ): Email =>
    ticketRefundEmail(mail, {
      site: SITE,
      customerName: 'Asha Raman',
      reference: REFERENCE,
      amountCents,
      refunded,
      whole,
      remaining: { ...remaining, others: [{ name: 'VIP Table', quantity: 1, seats: 8 }] },
    });
  const late = (reason: string | null): Email =>
    lateRefundEmail(mail, { site: SITE, customerName: 'Asha Raman', totalCents: 53038, reason, reference: REFERENCE });
  const feast = (slot: boolean): Email => ({
    ...pickupConfirmationEmail(mail, {
      restaurant: SITE.restaurant,
      reference: REFERENCE,
      // As FeastEmailService says them: English keeps the order's own labels.
      pickupDate: mail.isSource ? 'Saturday, November 7, 2026' : mail.pickupDate(SLOT.date),
      pickupTime: mail.isSource ? '11:00 AM' : mail.pickupTime(SLOT.time),
      items: FEAST_ITEMS,
      subtotalCents: 12997,
      taxCents: 1219,
      totalCents: 14216,
      pickupCode: formatTicketCode('A'.repeat(128)),
    }),
    ...(slot
      ? {
          ics: stable(
            pickupCalendarEvent(mail, {
              orderId: ORDER_ID,
              reference: REFERENCE,
              startsAt: SLOT.startsAt,
              endsAt: '2026-11-07T19:30:00.000Z',
              restaurant: SITE.restaurant,
              items: FEAST_ITEMS,
            }),
          ),
        }
      : {}),
  });
  const feastRefund = (why: 'staff' | 'late-payment', reason: string | null): Email =>
    pickupRefundEmail(mail, {
      why,
      restaurant: SITE.restaurant,
      customerName: 'Lakshmi Rao',
      totalCents: 14216,
      reference: REFERENCE,
      reason,
    });
  const offer = (tickets: number): Email =>
    waitlistOfferEmail(mail, { site: SITE, name: 'Priya', tickets, until: OFFER_UNTIL, link: OFFER_LINK });
  return {
    confirmation: confirmation(ORDER),
    confirmationComp: confirmation({ ...ORDER, comp: true, groupDiscountCents: 0, promoDiscountCents: 0 }),
    refundPart: refund({ adults: 1, children: 0, others: [{ name: 'VIP Table', quantity: 1 }] }, 5000, { adults: 1, children: 1 }),
    refundOne: refund({ adults: 1, children: 0, others: [] }, 5000, { adults: 1, children: 1 }),
    refundMoney: refund({ adults: 0, children: 0, others: [] }, 1000, { adults: 2, children: 1 }),
    refundWhole: refund({ adults: 2, children: 1, others: [] }, 53038, { adults: 2, children: 1 }, true),
    lateReason: late('the ticket price went up'),
    lateDefault: late(null),
    feast: feast(true),
    feastNoSlot: feast(false),
    feastStaffRefund: feastRefund('staff', null),
    feastLateReason: feastRefund('late-payment', 'a pack price went up'),
    feastLateDefault: feastRefund('late-payment', null),
    receiptOrder: receipt(mail, 'order', false),
    receiptOrderRefund: receipt(mail, 'order', true),
    receiptTab: receipt(mail, 'tab', false),
    waitlist: offer(3),
    waitlistOne: offer(1),
    link: linkEmail(mail, {
      url: mail.pageLink(SIGN_IN_LINK),
      partyName: PARTY.name,
      dateLabel: mail.eventLabels(PARTY).dateLabel,
      restaurantName: SITE.restaurant.name,
      phone: SITE.restaurant.phone,
      minutes: 30,
    }),
  };
}

/** Every part of an e-mail a guest reads. */
const partsOf = (email: Email): [string, string][] =>
  Object.entries(email).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

/** A calendar file's event, read back by a calendar parser. */
function eventOf(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  return { summary: String(event.getFirstPropertyValue('summary')), description: String(event.getFirstPropertyValue('description')) };
}

const SCRIPTS: Record<Exclude<Language, 'en'>, RegExp> = { hi: /[\u0900-\u097F]/, ta: /[\u0B80-\u0BFF]/ };

/**
 * The English words of every message: each run of two or more English words between its
 * placeholders (`Your tickets for `, ` are confirmed.`). None may be left in a translated e-mail.
 */
const ENGLISH_RUNS = [MAIL_MESSAGES, TICKET_MESSAGES, FEAST_MESSAGES, RECEIPT_MESSAGES, WAITLIST_MESSAGES, LINK_MESSAGES]
  .flatMap((messages) => Object.values(messages) as MessageDescriptor[])
  .flatMap((descriptor) => (descriptor.message ?? '').split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
  .map((run) => run.trim())
  .filter((run) => /[A-Za-z]{2,}[\s-]+[A-Za-z]{2,}/.test(run));

describe('the guest e-mails in every language (docs/languages.md)', () => {
  it('says in English exactly what the e-mails said before they were translated', () => {
    const emails = allEmails('en');
    const { calendar, ...recorded } = ENGLISH;
    expect(Object.keys(emails).sort()).toEqual(Object.keys(recorded).sort());
    for (const [name, email] of Object.entries(emails)) {
      const { ics, ...rest } = email;
      const { ics: recordedIcs, ...recordedRest } = recorded[name]!;
      expect({ name, ...rest }).toEqual({ name, ...recordedRest });
      if (name === 'confirmation') expect(ics).toBe(calendar);
      else if (recordedIcs !== undefined) expect({ name, ics }).toEqual({ name, ics: recordedIcs });
    }
    // A few of its sentences, as the guests read them.
    expect(emails.confirmation!.subject).toBe("Your tickets for Asha's Diwali <Night> & DJ · 3F2A9C1E");
    expect(emails.confirmation!.html).toContain('<h1 style="margin:8px 0 0;font-size:26px">You\'re All Set!</h1>');
    expect(emails.confirmation!.html).toContain('Your tickets for Asha&#x27;s Diwali &lt;Night&gt; &amp; DJ are confirmed.');
    expect(emails.confirmation!.text).toContain('Admits 11 guests: 2 adults, 1 child, 1 VIP Table (children under 5 come free).');
    expect(emails.refundPart!.text).toContain('for 1 adult and 1 VIP Table tickets of your order 3F2A9C1E for\n');
    expect(emails.feast!.text).toContain('Pick up on Saturday, November 7, 2026 at 11:00 AM');
    expect(emails.receiptTab!.text).toContain('Receipt: Drinks tab 3F2A9C1E\nOct 24, 2025, 10:45 PM');
    expect(emails.waitlist!.text).toContain('and 3 tickets are held for you until Monday, October 20, 2025 at 10:30 AM.');
    expect(emails.waitlistOne!.text).toContain('and 1 ticket is held for you until Monday, October 20, 2025 at 10:30 AM.');
  });

  describe.each(['hi', 'ta'] as const)('in %s', (language) => {
    const emails = allEmails(language);
    const english = allEmails('en');
    const locale = LANGUAGE_LOCALES[language];

    it.each(Object.keys(emails))('%s is all in the language, with no English sentence, placeholder or gap left', (name) => {
      const email = emails[name]!;
      for (const [part, value] of partsOf(email)) {
        const where = `${name} ${part}`;
        // Its own script, and nothing English of ours (names the manager typed stay as typed).
        expect({ where, script: SCRIPTS[language].test(part === 'ics' ? eventOf(value).description : value) }).toEqual({
          where,
          script: true,
        });
        expect({ where, english: ENGLISH_RUNS.filter((run) => value.includes(run)) }).toEqual({ where, english: [] });
        expect({ where, leftovers: value.match(/[{}]|undefined|NaN|null|\uE000|\uE001/g) }).toEqual({ where, leftovers: null });
        // Differs from the English e-mail wherever the English has words of ours.
        expect(value).not.toBe(english[name]![part as keyof Email]);
      }
    });

    it('keeps the dollar amounts and says the dates as the language does, in the party’s time zone', () => {
      const date = (options: Intl.DateTimeFormatOptions, at: string | Date) =>
        new Intl.DateTimeFormat(locale, options).format(new Date(at));
      const eventDay = date({ timeZone: PARTY.timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, PARTY.startsAt);
      const startTime = date({ timeZone: PARTY.timeZone, hour: 'numeric', minute: '2-digit' }, PARTY.startsAt);
      expect(emails.confirmation!.text).toContain(eventDay);
      expect(emails.confirmation!.text).toContain(startTime);
      expect(emails.confirmation!.html).toContain(`<strong>${eventDay}</strong>`);
      for (const amount of ['$99.98', '$29.99', '$400.00', '-$5.00', '-$6.50', '$12.34', '$530.38']) {
        expect(emails.confirmation!.text).toContain(amount);
        expect(emails.confirmation!.html).toContain(amount);
      }
      expect(emails.confirmationComp!.text).toContain('$0.00 (');
      expect(emails.refundPart!.text).toContain('$50.00');
      expect(emails.lateReason!.text).toContain('$530.38');
      expect(emails.feast!.text).toContain(
        date({ timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, '2026-11-07'),
      );
      expect(emails.feast!.text).toContain(date({ timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }, '2000-01-01T11:00:00Z'));
      expect(emails.feast!.text).toContain('$142.16');
      expect(emails.feastStaffRefund!.text).toContain('$142.16');
      expect(emails.receiptOrder!.text).toContain(date({ dateStyle: 'medium', timeStyle: 'short', timeZone: PARTY.timeZone }, PLACED_AT));
      expect(emails.receiptOrder!.text).toContain('$20.50');
      expect(emails.receiptTab!.html).toContain('$4.00');
      expect(emails.waitlist!.text).toContain(formatSaleDate(OFFER_UNTIL.toISOString(), PARTY.timeZone, locale));
      expect(emails.waitlist!.text).toContain(eventDay);
      expect(emails.link!.text).toContain(eventDay);
    });

    it('translates the subjects and titles, escapes the party’s name in HTML and names the language', () => {
      const mail = guestLanguage(language);
      expect(emails.confirmation!.subject).toBe(mail.text(TICKET_MESSAGES.subject, { partyName: PARTY.name, reference: REFERENCE }));
      expect(emails.confirmation!.subject).toContain(PARTY.name);
      expect(emails.confirmation!.html).toContain(`<h1 style="margin:8px 0 0;font-size:26px">${mail.html(TICKET_MESSAGES.title)}</h1>`);
      expect(emails.confirmation!.html).toContain('Asha&#x27;s Diwali &lt;Night&gt; &amp; DJ');
      expect(emails.confirmation!.html).not.toContain('<Night>');
      expect(emails.confirmation!.html).toContain(`<html lang="${language}">`);
      expect(emails.feast!.html).toContain(`<html lang="${language}">`);
      expect(emails.receiptOrder!.html).toContain(`<html lang="${language}">`);
      expect(emails.link!.html).toContain(`<html lang="${language}">`);
      // A link to a translated page opens it in the language.
      expect(emails.confirmation!.html).toContain(`<a href="https://example.test/${language}/drinks?ticket&#x3D;abc">`);
      expect(emails.waitlist!.text).toContain(`https://festival.example/${language}/diwali-party?offer=`);
      expect(emails.link!.text).toContain(SIGN_IN_LINK.replace('/my-tickets', `/${language}/my-tickets`));
      // The calendar files: the pickup's title in the language, the party's name as typed.
      expect(eventOf(emails.feast!.ics!).summary).toBe(mail.text(FEAST_MESSAGES.calendarSummary, { restaurantName: SITE.restaurant.name }));
      expect(SCRIPTS[language].test(eventOf(emails.feast!.ics!).summary)).toBe(true);
      expect(eventOf(emails.confirmation!.ics!).summary).toBe(`${PARTY.name} · ${SITE.restaurant.name}`);
      expect(emails.confirmation!.ics).toContain(`PRODID:-//Festival//Party tickets//${language.toUpperCase()}`);
    });
  });

  it('writes the titles and subjects the native speakers wrote', () => {
    const hi = allEmails('hi');
    const ta = allEmails('ta');
    expect(hi.confirmation!.text.split('\n')[0]).toBe('सब तैयार है!');
    expect(hi.confirmation!.subject).toBe(`${PARTY.name} के आपके टिकट · ${REFERENCE}`);
    expect(hi.feast!.subject).toBe(`आपका दिवाली फ़ीस्ट पैक प्री-ऑर्डर · ${REFERENCE}`);
    expect(hi.refundPart!.text).toContain('3F2A9C1E के 2 टिकटों (1 वयस्क और 1 VIP Table) के लिए $50.00');
    expect(ta.confirmation!.text.split('\n')[0]).toBe('எல்லாம் தயார்!');
    expect(ta.confirmation!.subject).toBe(`${PARTY.name} நிகழ்ச்சிக்கான உங்கள் டிக்கெட்டுகள் · ${REFERENCE}`);
    expect(ta.link!.subject).toBe('உங்கள் தீபாவளி பார்ட்டி டிக்கெட்டுகள்');
    expect(ta.waitlistOne!.text).toContain('1 டிக்கெட் ');
  });

  it('gives every language every message, and English to an order of no language it knows', () => {
    expect(guestLanguage('fr').language).toBe('en');
    expect(guestLanguage(null).language).toBe('en');
    for (const language of LANGUAGES) expect(guestLanguage(language).locale).toBe(LANGUAGE_LOCALES[language]);
  });
});
