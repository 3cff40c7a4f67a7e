import type { Page } from '@playwright/test';

/** The code as the e-mail prints it under the QR: 32 groups of four base32 characters. */
export const PRINTED_CODE = /\b((?:[A-Z2-7]{4} ){31}[A-Z2-7]{4})\b/;

/** Types a ticket code on /admin/door (as a handheld scanner would), with the guests entering. */
export async function typeCode(page: Page, code: string, guests?: number) {
  if (guests) await page.getByLabel('Guests entering').fill(String(guests));
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
}
