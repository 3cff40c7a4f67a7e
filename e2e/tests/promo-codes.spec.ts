import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { PAYING_CARD } from '../support/party-orders';

/** The manager adds a promo code in the `Promo codes` section of /admin/settings. */
async function addPromoCode(browser: Browser, code: { code: string; percentOff: number; maxUses?: number; validUntil?: string }) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  expect((await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Promo codes' });
  await section.getByRole('button', { name: 'Add promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add promo code' });
  await dialog.getByLabel('Code').fill(code.code);
  await dialog.getByLabel('Percent off').fill(String(code.percentOff));
  if (code.maxUses) await dialog.getByLabel('Maximum uses (optional)').fill(String(code.maxUses));
  if (code.validUntil) await dialog.getByLabel('Valid until (optional)').fill(code.validUntil);
  await dialog.getByRole('button', { name: 'Add promo code' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: code.code })).toBeVisible();
  return page;
}

/** A guest with one adult ticket and `code` applied, on the contact step with the details filled in. */
async function guestWithCode(browser: Browser, code: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await page.goto('/diwali-party');
  await page.getByRole('button', { name: 'Increase adult tickets' }).click();
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("Promo code applied! You'll save an additional 10%")).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Promo');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}.${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('(408) 555-0166');
  return page;
}

test.describe('promo codes with limits', () => {
  test('a code with one use left goes to the first of two buyers paying at once; the second is told it is used up', async ({ browser }) => {
    test.slow();
    const code = `LASTSEAT${Date.now() % 1_000_000}`;
    const manager = await addPromoCode(browser, { code, percentOff: 10, maxUses: 1 });
    const [first, second] = await Promise.all([guestWithCode(browser, code, 'Asha'), guestWithCode(browser, code, 'Vikram')]);

    await Promise.all([first, second].map((page) => page.getByRole('button', { name: 'Continue to Payment' }).click()));
    // Exactly one of them reaches the card form.
    const atCardForm = async () =>
      [await first.getByLabel('Card number').isVisible(), await second.getByLabel('Card number').isVisible()].filter(Boolean).length;
    await expect.poll(atCardForm).toBe(1);
    const [winner, loser] = (await first.getByLabel('Card number').isVisible()) ? [first, second] : [second, first];
    await expect(loser.getByText('This promo code has been used up')).toBeVisible();
    await expect(loser.getByLabel('Card number')).toHaveCount(0);

    // $49.99 - 10 % ($5.00) + 9.38 % tax ($4.22)
    await expect(winner.getByTestId('payment-total')).toHaveText('$49.21');
    await winner.getByLabel('Card number').fill(PAYING_CARD.cardNumber);
    await winner.getByLabel('Expiry').fill(PAYING_CARD.expiry);
    await winner.getByLabel('CVC').fill(PAYING_CARD.cvc);
    await winner.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(winner.getByRole('heading', { name: "You're All Set!" })).toBeVisible();

    // The code's one use is spent: the table says so, and a later buyer is told so at once.
    await manager.reload();
    await expect(manager.getByRole('region', { name: 'Promo codes' }).getByRole('row').filter({ hasText: code })).toContainText('Used up');
    const late = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await late.goto('/diwali-party');
    await late.getByRole('button', { name: 'Increase adult tickets' }).click();
    await late.getByLabel('Promo code').fill(code);
    await late.getByRole('button', { name: 'Apply' }).click();
    await expect(late.getByText('This promo code has been used up')).toBeVisible();
  });

  test('an expired code says so', async ({ browser }) => {
    test.slow();
    const code = `SUMMER${Date.now() % 1_000_000}`;
    await addPromoCode(browser, { code, percentOff: 10, validUntil: '2026-01-01T10:00' });
    const guest = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await guest.goto('/diwali-party');
    await guest.getByRole('button', { name: 'Increase adult tickets' }).click();
    await guest.getByLabel('Promo code').fill(code);
    await guest.getByRole('button', { name: 'Apply' }).click();
    await expect(guest.getByText('This promo code has expired')).toBeVisible();
  });
});
