import { escapeHtml } from './html-escape.js';
import type { SiteConfig } from './site.js';

type Restaurant = SiteConfig['restaurant'];

/** `1480 Lakeview Avenue, San Jose, CA 95131, US`. */
export function postalAddress(restaurant: Restaurant): string {
  const { street, city, region, postalCode, country } = restaurant.address;
  return `${street}, ${city}, ${region} ${postalCode}, ${country}`;
}

/**
 * What the law (CAN-SPAM) wants at the end of every campaign e-mail, as HTML: who sends it,
 * the restaurant's postal address and a working unsubscribe link. The staff preview shows
 * the same footer the sender appends.
 */
export function campaignFooterHtml(restaurant: Restaurant, unsubscribeUrl: string): string {
  const name = escapeHtml(restaurant.name);
  const p = 'margin:0 0 6px;';
  return [
    '<div style="margin:32px auto 0;padding:16px;max-width:600px;border-top:1px solid #e6d3b3;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#5c4a3d;text-align:center;">',
    `<p style="${p}">You receive this e-mail as a guest or friend of ${name}.</p>`,
    `<p style="${p}">${name} · ${escapeHtml(postalAddress(restaurant))}</p>`,
    `<p style="margin:0;"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#7b1e3a;">Unsubscribe</a> from these e-mails.</p>`,
    '</div>',
  ].join('');
}

/** The same footer for the plain-text part. */
export function campaignFooterText(restaurant: Restaurant, unsubscribeUrl: string): string {
  return [
    '--',
    `You receive this e-mail as a guest or friend of ${restaurant.name}.`,
    `${restaurant.name} · ${postalAddress(restaurant)}`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n\n');
}
