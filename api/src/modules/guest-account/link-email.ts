import { escapeHtml } from '@festival/contracts';

/** What the My tickets link e-mail says. */
export interface LinkEmailView {
  url: string;
  partyName: string;
  dateLabel: string;
  restaurantName: string;
  phone: string;
  minutes: number;
}

export function linkEmailText(view: LinkEmailView): string {
  return [
    'Hello,',
    '',
    `Here is your link to your tickets for ${view.partyName} (${view.dateLabel}).`,
    '',
    `See my tickets: ${view.url}`,
    '',
    `The link signs you in once and works for ${view.minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    '',
    view.restaurantName,
    view.phone,
  ].join('\n');
}

export function linkEmailHtml(view: LinkEmailView): string {
  const url = escapeHtml(view.url);
  return [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #222;">',
    `<p>Here is your link to your tickets for ${escapeHtml(view.partyName)} (${escapeHtml(view.dateLabel)}).</p>`,
    `<p><a href="${url}" style="display: inline-block; padding: 12px 20px; background: #b4461b; color: #fff; text-decoration: none; border-radius: 6px;">See my tickets</a></p>`,
    `<p>The link signs you in once and works for ${view.minutes} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
    `<p>${escapeHtml(view.restaurantName)}<br>${escapeHtml(view.phone)}</p>`,
    '</body></html>',
  ].join('\n');
}
