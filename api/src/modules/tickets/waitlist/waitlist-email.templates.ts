import type { MessageDescriptor } from '@lingui/core';
import type { SiteConfig } from '@festival/contracts';
import type { GuestLanguage } from '../../../common/guest-language.js';
import type { RenderedEmail } from '../../mail/rendered-email.js';
import { MAIL_MESSAGES } from '../../mail/mail-messages.js';

/** The waitlist offer e-mail's words (docs/waitlist.md, docs/languages.md). */
export const WAITLIST_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.waitlist.subject',
    message: 'Your waitlist tickets for {partyName}',
    comment: "The subject of the e-mail that offers a guest on the waitlist tickets that came back (partyName is the party's name).",
  },
  offer: /*i18n*/ {
    id: 'mail.waitlist.offer',
    message:
      'Tickets for {partyName} ({date}) have come back, and {tickets, plural, one {# ticket is} other {# tickets are}} held for you until {until}.',
    comment:
      "Review: tickets of the sold-out party are free again and kept for this guest alone until a moment (until: Monday, October 20, 2025 at 10:30 AM); date is the party's day.",
  },
  buy: /*i18n*/ {
    id: 'mail.waitlist.buy',
    message: 'Buy them here: {link}',
    comment: "Before the offer's personal link to the party page (link is the address).",
  },
  yoursAlone: /*i18n*/ {
    id: 'mail.waitlist.yoursAlone',
    message: 'The link is yours alone. After that time the offer expires and the tickets go to the next guest on the waitlist.',
    comment: 'Review: the link is personal; once the time is up, the held tickets are offered to the next guest waiting.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** A waitlist entry's offer e-mail, in `mail`'s language (the entry's). */
export function waitlistOfferEmail(
  mail: GuestLanguage,
  input: {
    site: Pick<SiteConfig, 'restaurant' | 'party'>;
    name: string;
    tickets: number;
    /** The offer's end. */
    until: Date;
    /** The offer's personal link to the party page. */
    link: string;
  },
): RenderedEmail {
  const { restaurant, party } = input.site;
  return {
    subject: mail.text(WAITLIST_MESSAGES.subject, { partyName: party.name }),
    text: [
      mail.text(MAIL_MESSAGES.greeting, { name: input.name }),
      '',
      mail.text(WAITLIST_MESSAGES.offer, {
        partyName: party.name,
        date: mail.eventLabels(party).dateLabel,
        tickets: input.tickets,
        until: mail.dateTime(input.until, party.timeZone),
      }),
      '',
      mail.text(WAITLIST_MESSAGES.buy, { link: mail.pageLink(input.link) }),
      '',
      mail.text(WAITLIST_MESSAGES.yoursAlone),
      '',
      restaurant.name,
      restaurant.phone,
    ].join('\n'),
  };
}
