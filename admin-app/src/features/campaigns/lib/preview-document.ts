import { campaignFooterHtml, escapeHtml, postalAddress, type SiteConfig } from '@festival/contracts';

/**
 * What the preview frame may load: images (inline data, or hosted over http/https) and inline
 * styles. No scripts (the frame is sandboxed as well), no fetches, no forms, no fonts from afar.
 */
export const PREVIEW_CSP = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:";

export interface PreviewSample {
  email: string;
  siteUrl: string;
  restaurant: SiteConfig['restaurant'] | undefined;
}

/** The values the sender fills in, with sample ones for the recipient. */
function sampleValues({ email, siteUrl, restaurant }: PreviewSample): Record<string, string> {
  const values: Record<string, string> = { email, siteUrl, unsubscribeUrl: '#unsubscribe' };
  if (restaurant) {
    Object.assign(values, {
      'restaurant.name': restaurant.name,
      'restaurant.tagline': restaurant.tagline,
      'restaurant.phone': restaurant.phone,
      'restaurant.email': restaurant.email,
      'restaurant.address': postalAddress(restaurant),
    });
  }
  return values;
}

/**
 * A whole document for the sandboxed preview frame: the content with simple `{{placeholders}}`
 * filled with sample values (block helpers show as written), and the footer every e-mail gets.
 */
export function previewDocument(content: string, sample: PreviewSample): string {
  const values = sampleValues(sample);
  const filled = content.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string) => (key in values ? escapeHtml(values[key]) : match));
  const footer = sample.restaurant ? campaignFooterHtml(sample.restaurant, '#unsubscribe') : '';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    '</head><body style="margin:0;">',
    filled,
    footer,
    '</body></html>',
  ].join('');
}
