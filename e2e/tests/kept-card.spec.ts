import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminSettings } from '../../packages/contracts/src/settings';
import { succeededCharges } from '../support/gateway';
import { waitForMails, type DeliveredMail } from '../support/mailbox';
import { PAYING_CARD } from '../support/party-orders';
import { staffApi } from '../support/staff-api';

const run = Date.now().toString(36);
const EMAIL = `kept-card.${run}@example.com`;
const HOUR = 3_600_000;

const to = (mail: DeliveredMail) => mail.parsed.to?.some((a) => a.address === EMAIL) === true;
/** A link of the e-mail's text, as a path of the site under test. */
function pathIn(mail: DeliveredMail, pattern: RegExp): string {
  const url = new URL(pattern.exec(mail.parsed.text ?? '')![0]);
  return `${url.pathname}${url.search}`;
}

async function addToCart(page: Page, name: string) {
  await page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
}

/** From the menu: one drink into the cart, then onto the open tab, no card asked. */
async function orderOnTab(page: Page, name: string) {
  await addToCart(page, name);
  await page.getByRole('button', { name: 'Cart (1)' }).click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('radio', { name: 'Add to My Tab' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order on My Tab' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
}

/** The party's start and end moved through the staff's Event section (ISO 8601, whole seconds). */
async function moveParty(staff: APIRequestContext, event: AdminSettings['event'], startsAtMs: number, endsAtMs: number) {
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const moved = await staff.put('/api/admin/settings/event', { data: { ...event, startsAt: iso(startsAtMs), endsAt: iso(endsAtMs) } });
  expect(moved.ok()).toBe(true);
}

test.describe('the card kept for drinks at the party', () => {
  test.setTimeout(150_000);
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('kept at checkout, the e-mailed link opens a tab on it in one tap; closed with 15 %, charged to the cent, receipted, then forgotten', async ({
    page,
    browser,
  }) => {
    // Tickets bought with the box ticked.
    await page.goto('/diwali-party');
    await expect(page.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase adult tickets' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('First name').fill('Kavya');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Phone').fill('(408) 555-0177');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const keep = page.getByRole('checkbox', { name: 'Keep my card for drinks at the party' });
    await expect(keep).not.toBeChecked();
    await expect(
      page.getByText("We'll charge it only for drinks you order on your tab, up to the tab limit, and forget it after the party."),
    ).toBeVisible();
    await keep.check();
    await expect(keep).toBeEnabled();
    await expect(keep).toBeChecked();
    await page.getByLabel('Card number').fill(PAYING_CARD.cardNumber);
    await page.getByLabel('Expiry').fill(PAYING_CARD.expiry);
    await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();

    const [confirmation] = await waitForMails(to);
    expect(confirmation.parsed.text).toContain('Open my drinks tab');
    const tabLink = pathIn(confirmation, /https?:\/\/\S+\/drinks\?ticket=[A-Za-z0-9_-]+/);

    const staff = await staffApi();
    const { event } = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
    try {
      // Before the party the link shows the card but opens no tab.
      await moveParty(staff, event, Date.now() + 24 * HOUR, Date.now() + 28 * HOUR);
      await phone.goto(tabLink);
      const openTab = phone.getByRole('button', { name: 'Open a tab with your card ending 4242' });
      await openTab.click();
      await expect(phone.getByRole('alert')).toHaveText('Tabs open when the party starts');

      // The party has started: one tap opens the tab, no card form.
      await moveParty(staff, event, Date.now() - HOUR, Date.now() + 3 * HOUR);
      await phone.goto(tabLink);
      await expect(phone.getByLabel('Card number')).toHaveCount(0);
      await openTab.click();
      const banner = phone.getByRole('region', { name: 'Your tab' });
      await expect(banner).toContainText('is open');
      const reference = (await banner.locator('strong').first().textContent()) ?? '';
      expect(reference).toMatch(/^[0-9A-F]{8}$/);

      // Two drinks on it: $8.00 + $6.50 = $14.50, tax once on it $1.36.
      await orderOnTab(phone, 'Kingfisher Premium');
      await phone.getByRole('link', { name: 'Order More Drinks' }).click();
      await orderOnTab(phone, 'Mango Lassi');
      await expect(phone.getByTestId('tab-total')).toHaveText('$15.86');
      await expect(phone.getByText('Card number')).toHaveCount(0);

      // The bar sees where the tab came from.
      const tabs = (await (await staff.get('/api/admin/drink-tabs')).json()) as { id: string; reference: string; fromTicket: boolean }[];
      const tab = tabs.find((t) => t.reference === reference)!;
      expect(tab.fromTicket).toBe(true);

      // The guest closes it with 15 % on the subtotal: $2.175, half up to $2.18; $14.50 + $1.36 + $2.18 = $18.04.
      await phone.getByRole('link', { name: 'Order More Drinks' }).click();
      await phone.getByRole('button', { name: 'Tip & close my tab' }).click();
      await phone.getByRole('radio', { name: '15%' }).check();
      await expect(phone.getByTestId('tip-amount')).toContainText('Tip: $2.18');
      await expect(phone.getByTestId('tab-close-total')).toHaveText('$18.04');
      await phone.getByRole('button', { name: 'Close my tab' }).click();
      await expect(banner).toContainText(`Your tab ${reference} is closed: $18.04 charged to your card`);
      expect(
        succeededCharges('drink_tab')
          .filter((c) => c.metadata.tabId === tab.id)
          .map((c) => c.amountCents),
      ).toEqual([1804]);

      // The itemised receipt.
      const [receipt] = await waitForMails((m) => to(m) && (m.parsed.subject ?? '').startsWith('Your receipt'));
      const text = receipt.parsed.text ?? '';
      expect(text).toContain('1 × Kingfisher Premium @ $8.00: $8.00');
      expect(text).toContain('1 × Mango Lassi @ $6.50: $6.50');
      expect(text).toContain('Subtotal: $14.50');
      expect(text).toContain('Tax: $1.36');
      expect(text).toContain('Tip: $2.18');
      expect(text).toContain('Total: $18.04');
      expect(text).toContain('Paid with Visa ending 4242');

      // `Forget my card`: the link then answers that the card is forgotten, and opens nothing.
      await phone.goto(tabLink);
      await phone.getByRole('button', { name: 'Forget my card' }).click();
      await expect(phone.getByText('This card was forgotten')).toBeVisible();
      await expect(phone.getByRole('button', { name: /^Open a tab with your card/ })).toHaveCount(0);
      const refused = await phone.request.post('/api/drink-tab/from-ticket', {
        data: { token: new URLSearchParams(tabLink.split('?')[1]).get('ticket') },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toEqual({ message: 'This card was forgotten' });
    } finally {
      // Every other spec sees the party where it was.
      expect((await staff.put('/api/admin/settings/event', { data: event })).ok()).toBe(true);
      await phone.context().close();
      await staff.dispose();
    }
  });
});
