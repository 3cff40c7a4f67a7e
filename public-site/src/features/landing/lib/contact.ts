import type { SiteConfig } from '@festival/contracts';

/** `tel:` link of a phone number as written for people: `(408) 555-0142` -> `tel:+14085550142`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** The second line of a US postal address: `San Jose, CA 95131`. */
export function cityLine(address: SiteConfig['restaurant']['address']): string {
  return `${address.city}, ${address.region} ${address.postalCode}`.trim();
}
