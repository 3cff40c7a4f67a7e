import type { MessageDescriptor } from '@lingui/core';
import { escapeHtml } from '@festival/contracts';
import type { GuestLanguage } from '../../../common/guest-language.js';
import type { RenderedEmail } from '../../mail/rendered-email.js';
import { MAIL_MESSAGES } from '../../mail/mail-messages.js';

/** The drinks receipts' words (docs/tips-and-receipts.md, docs/languages.md). */
export const RECEIPT_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.receipt.subject',
    message: 'Your receipt from {restaurantName} · {heading}',
    comment: 'Review: the subject of the itemised receipt of drinks paid for (heading: Drinks order #12, or Drinks tab 1A2B3C4D).',
  },
  updatedSubject: /*i18n*/ {
    id: 'mail.receipt.updatedSubject',
    message: 'Your updated receipt from {restaurantName} · {heading}',
    comment: 'Review: the subject of the receipt sent again after a refund changed it (heading: Drinks order #12, or Drinks tab 1A2B3C4D).',
  },
  orderHeading: /*i18n*/ {
    id: 'mail.receipt.orderHeading',
    message: 'Drinks order #{number}',
    comment: 'What a receipt is for: a drinks order paid at once, by its number at the bar.',
  },
  tabHeading: /*i18n*/ {
    id: 'mail.receipt.tabHeading',
    message: 'Drinks tab {reference}',
    comment: "What a receipt is for: a bar tab (the guest's drinks of the night, paid once when it closed), by its reference.",
  },
  receipt: /*i18n*/ {
    id: 'mail.receipt.heading',
    message: 'Receipt: {heading}',
    comment: "The receipt's heading (heading: Drinks order #12, or Drinks tab 1A2B3C4D).",
  },
  updatedReceipt: /*i18n*/ {
    id: 'mail.receipt.updatedHeading',
    message: 'Updated receipt: {heading}',
    comment: 'Review: the heading of a receipt changed by a refund (heading: Drinks order #12, or Drinks tab 1A2B3C4D).',
  },
  tip: /*i18n*/ {
    id: 'mail.receipt.tip',
    message: 'Tip',
    comment: 'Review: a price line: the tip the guest added for the bar staff.',
  },
  total: /*i18n*/ {
    id: 'mail.receipt.total',
    message: 'Total',
    comment: 'Review: a price line: the amount charged.',
  },
  refunded: /*i18n*/ {
    id: 'mail.receipt.refunded',
    message: 'Refunded',
    comment: 'Review: a price line: what was refunded since (to the card).',
  },
  paidWith: /*i18n*/ {
    id: 'mail.receipt.paidWith',
    message: 'Paid with {card}',
    comment: 'Review: the card that paid (card: Visa ending 4242).',
  },
  card: /*i18n*/ {
    id: 'mail.receipt.card',
    message: '{brand} ending {last4}',
    comment: 'Review: the card that paid: its brand (Visa) and the last four digits of its number.',
  },
  thanks: /*i18n*/ {
    id: 'mail.receipt.thanks',
    message: 'Thank you for celebrating with {restaurantName}!',
    comment: "The receipt's last line.",
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What an itemised drinks receipt shows: every figure already formatted. */
export interface DrinkReceiptView {
  restaurantName: string;
  address: string;
  /** `Drinks order #12` or `Drinks tab 1A2B3C4D`, in the receipt's language. */
  heading: string;
  /** An updated receipt (after a refund) says so. */
  updated: boolean;
  time: string;
  lines: { quantity: number; name: string; price: string; amount: string }[];
  subtotal: string;
  tax: string;
  tip: string;
  total: string;
  /** What was refunded since, when anything was. */
  refunded: string | null;
  /** `Visa ending 4242`, in the receipt's language, when the payment service names the card. */
  card: string | null;
}

export function drinkReceiptText(mail: GuestLanguage, view: DrinkReceiptView): string {
  const rows = [
    view.restaurantName,
    view.address,
    '',
    mail.text(view.updated ? RECEIPT_MESSAGES.updatedReceipt : RECEIPT_MESSAGES.receipt, { heading: view.heading }),
    view.time,
    '',
    ...view.lines.map((l) => `${l.quantity} × ${l.name} @ ${l.price}: ${l.amount}`),
    '',
    `${mail.text(MAIL_MESSAGES.subtotal)}: ${view.subtotal}`,
    `${mail.text(MAIL_MESSAGES.tax)}: ${view.tax}`,
    `${mail.text(RECEIPT_MESSAGES.tip)}: ${view.tip}`,
    `${mail.text(RECEIPT_MESSAGES.total)}: ${view.total}`,
  ];
  if (view.refunded) rows.push(`${mail.text(RECEIPT_MESSAGES.refunded)}: ${view.refunded}`);
  if (view.card) rows.push(mail.text(RECEIPT_MESSAGES.paidWith, { card: view.card }));
  rows.push('', mail.text(RECEIPT_MESSAGES.thanks, { restaurantName: view.restaurantName }));
  return rows.join('\n');
}

const row = (label: string, amount: string, bold = false): string => {
  const cell = (v: string) => (bold ? `<strong>${escapeHtml(v)}</strong>` : escapeHtml(v));
  return `<tr><td>${cell(label)}</td><td align="right">${cell(amount)}</td></tr>`;
};

export function drinkReceiptHtml(mail: GuestLanguage, view: DrinkReceiptView): string {
  const lines = view.lines.map((l) => row(`${l.quantity} × ${l.name} @ ${l.price}`, l.amount)).join('');
  const refunded = view.refunded ? row(mail.text(RECEIPT_MESSAGES.refunded), view.refunded) : '';
  const card = view.card ? `<p style="margin:16px 0 0">${mail.html(RECEIPT_MESSAGES.paidWith, { card: view.card }, escapeHtml)}</p>` : '';
  const heading = mail.html(
    view.updated ? RECEIPT_MESSAGES.updatedReceipt : RECEIPT_MESSAGES.receipt,
    { heading: view.heading },
    escapeHtml,
  );
  return `<!doctype html>
<html lang="${mail.language}">
<body style="margin:0;background:#fff8ec;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
        <tr><td style="background:#4a1030;color:#fff8ec;padding:24px 32px">
          <p style="margin:0;color:#f5a623;font-size:13px;letter-spacing:2px;text-transform:uppercase">${escapeHtml(view.restaurantName)}</p>
          <h1 style="margin:8px 0 0;font-size:24px">${heading}</h1>
          <p style="margin:8px 0 0">${escapeHtml(view.time)}</p>
        </td></tr>
        <tr><td style="padding:24px 32px">
          <table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-top:1px solid #f0dcc0;border-bottom:1px solid #f0dcc0">
            ${lines}${row(mail.text(MAIL_MESSAGES.subtotal), view.subtotal)}${row(mail.text(MAIL_MESSAGES.tax), view.tax)}${row(mail.text(RECEIPT_MESSAGES.tip), view.tip)}${row(mail.text(RECEIPT_MESSAGES.total), view.total, true)}${refunded}
          </table>
          ${card}
        </td></tr>
        <tr><td style="background:#fbeedd;padding:16px 32px;font-size:12px;color:#7a4a5e">${escapeHtml(view.restaurantName)} · ${escapeHtml(view.address)}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}

/** A drinks receipt's e-mail, in `mail`'s language (the order's or the tab's). */
export function drinkReceiptEmail(mail: GuestLanguage, view: DrinkReceiptView): Required<RenderedEmail> {
  return {
    subject: mail.text(view.updated ? RECEIPT_MESSAGES.updatedSubject : RECEIPT_MESSAGES.subject, {
      restaurantName: view.restaurantName,
      heading: view.heading,
    }),
    text: drinkReceiptText(mail, view),
    html: drinkReceiptHtml(mail, view),
  };
}
