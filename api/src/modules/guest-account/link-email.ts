import type { MessageDescriptor } from '@lingui/core';
import { escapeHtml } from '@festival/contracts';
import type { GuestLanguage } from '../../common/guest-language.js';
import type { RenderedEmail } from '../mail/rendered-email.js';

/** The My tickets link e-mail's words (docs/guest-account.md, docs/languages.md). */
export const LINK_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.link.subject',
    message: 'Your Diwali party tickets',
    comment: 'The subject of the e-mail with a link that signs the guest in to see the tickets they bought.',
  },
  hello: /*i18n*/ {
    id: 'mail.link.hello',
    message: 'Hello,',
    comment: 'The first line of the e-mail (no name: the guest only typed an e-mail address).',
  },
  intro: /*i18n*/ {
    id: 'mail.link.intro',
    message: 'Here is your link to your tickets for {partyName} ({date}).',
    comment: "partyName is the party's name as the manager wrote it, date its day (Friday, October 24, 2025).",
  },
  button: /*i18n*/ {
    id: 'mail.link.button',
    message: 'See my tickets',
    comment: 'The button (a link) that signs the guest in and shows their tickets.',
  },
  textLink: /*i18n*/ {
    id: 'mail.link.textLink',
    message: 'See my tickets: {link}',
    comment: "The plain-text e-mail's line with the sign-in link (link is the address).",
  },
  once: /*i18n*/ {
    id: 'mail.link.once',
    message:
      'The link signs you in once and works for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, you can ignore this e-mail.',
    comment: 'The link can be used one time only, within the minutes given; someone who did not ask for it need do nothing.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What the My tickets link e-mail says. */
export interface LinkEmailView {
  url: string;
  partyName: string;
  dateLabel: string;
  restaurantName: string;
  phone: string;
  minutes: number;
}

function linkEmailText(mail: GuestLanguage, view: LinkEmailView): string {
  return [
    mail.text(LINK_MESSAGES.hello),
    '',
    mail.text(LINK_MESSAGES.intro, { partyName: view.partyName, date: view.dateLabel }),
    '',
    mail.text(LINK_MESSAGES.textLink, { link: view.url }),
    '',
    mail.text(LINK_MESSAGES.once, { minutes: view.minutes }),
    '',
    view.restaurantName,
    view.phone,
  ].join('\n');
}

function linkEmailHtml(mail: GuestLanguage, view: LinkEmailView): string {
  const url = escapeHtml(view.url);
  const button = `<a href="${url}" style="display: inline-block; padding: 12px 20px; background: #b4461b; color: #fff; text-decoration: none; border-radius: 6px;">${mail.html(LINK_MESSAGES.button)}</a>`;
  return [
    // English keeps the page as it always was; another language names itself, for the mail program's fonts.
    `<!doctype html><html${mail.isSource ? '' : ` lang="${mail.language}"`}><body style="font-family: Arial, sans-serif; color: #222;">`,
    `<p>${mail.html(LINK_MESSAGES.intro, { partyName: view.partyName, date: view.dateLabel }, escapeHtml)}</p>`,
    `<p>${button}</p>`,
    `<p>${mail.html(LINK_MESSAGES.once, { minutes: view.minutes }, escapeHtml)}</p>`,
    `<p>${escapeHtml(view.restaurantName)}<br>${escapeHtml(view.phone)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** The My tickets sign-in link's e-mail, in `mail`'s language (that of the page it was asked on). */
export function linkEmail(mail: GuestLanguage, view: LinkEmailView): Required<RenderedEmail> {
  return { subject: mail.text(LINK_MESSAGES.subject), text: linkEmailText(mail, view), html: linkEmailHtml(mail, view) };
}
