import { expect, test } from '@playwright/test';
import type { FeastCatalog, FeastPacksSettings, FunnelEntry } from '../../packages/contracts/src';
import { waitForMails } from '../support/mailbox';
import { staffApi } from '../support/staff-api';

// Opening pre-orders changes the landing page for every visitor: this spec runs in a project of
// its own, after the others and before the next event starts (e2e/playwright.config.ts).

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const BUYER = 'priya.feast@example.com';

test.describe('feast pack pre-orders', () => {
  test('staff open pre-orders; a visitor pre-orders 2 packs for a small pickup time, which is then full; closing brings back the closed card', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const staff = await staffApi();
    const current = (await (await staff.get('/api/admin/feast-packs')).json()) as FeastPacksSettings;
    const opened = await staff.put('/api/admin/feast-packs', {
      data: {
        open: true,
        packs: current.packs.map(({ id, name, description, price, vegetarian }) => ({ id, name, description, price, vegetarian })),
        slots: [
          { date: '2026-11-14', time: '11:00', capacity: 2 },
          { date: '2026-11-14', time: '14:00', capacity: 30 },
        ],
      },
    });
    expect(opened.status()).toBe(200);
    const catalog = (await opened.json()) as FeastCatalog;
    const [small] = catalog.slots;
    const funnelBefore = ((await (await staff.get('/api/analytics/funnel')).json()) as FunnelEntry[]).find(
      (entry) => entry.eventType === 'order_completed',
    )?.count;

    // The visitor adds 2 of the vegetarian pack on the landing page.
    await page.goto('/');
    const pack = page.getByRole('article', { name: catalog.packs[0].name, exact: true });
    await expect(pack).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Diwali Feast Pack Orders Are Now Closed')).toHaveCount(0);
    await pack.getByRole('button', { name: 'Add to Cart' }).click();
    await pack.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

    // The cart survives a reload, and checks out.
    await page.reload();
    const cart = page.getByRole('button', { name: 'Cart, 2 items' });
    await expect(cart).toBeVisible({ timeout: 30_000 });
    await cart.click();
    const panel = page.getByRole('region', { name: 'Your cart' });
    await expect(panel).toContainText('$79.98');
    await expect(panel).toContainText('$87.48');
    await panel.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/feast-packs\/checkout$/);

    await page.getByLabel('Name').fill('Priya Raman');
    await page.getByLabel('Email').fill(BUYER);
    await page.getByLabel('Phone').fill('(408) 555-0177');
    await page.getByRole('radio', { name: /Saturday, November 14, 2026 at 11:00 AM/ }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill(CARD.number);
    await page.getByLabel('Expiry').fill(CARD.expiry);
    await page.getByLabel('CVC').fill(CARD.cvc);
    await page.getByRole('button', { name: 'Place Pre-order' }).click();

    await expect(page.getByRole('heading', { name: 'Pre-order Confirmed' })).toBeVisible({ timeout: 30_000 });
    const reference = (await page.getByTestId('feast-reference').textContent())!;
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByText('Saturday, November 14, 2026')).toBeVisible();
    await expect(page.getByText('Total paid: $87.48')).toBeVisible();

    const [mail] = await waitForMails((m) => m.parsed.to?.some((to) => to.address === BUYER) ?? false);
    expect(mail.parsed.subject).toContain(reference);
    expect(mail.parsed.text).toContain('Pick up on Saturday, November 14, 2026 at 11:00 AM');

    // The small pickup time is full: shown so, and refused by the API.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Cart, empty' })).toBeVisible({ timeout: 30_000 });
    const after = (await (await page.request.get('/api/feast-packs')).json()) as FeastCatalog;
    expect(after.slots.find((slot) => slot.id === small.id)?.remaining).toBe(0);
    const refused = await page.request.post('/api/feast-order-intent', {
      data: {
        customerName: 'Late Buyer',
        customerEmail: 'late.feast@example.com',
        customerPhone: '(408) 555-0178',
        items: [{ packId: catalog.packs[0].id, quantity: 1 }],
        slotId: small.id,
        totalAmount: 4374,
      },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This pickup time is full' });

    // Staff: the order in Feast Pack Orders, the funnel's completed orders one more.
    const orders = (await (await staff.get('/api/orders')).json()) as { id: string; pickupDate: string; items: unknown[] }[];
    expect(orders.find((order) => order.id.slice(0, 8).toUpperCase() === reference)).toMatchObject({
      pickupDate: 'Saturday, November 14, 2026',
      pickupTime: '11:00 AM',
      items: [{ name: catalog.packs[0].name, quantity: 2 }],
    });
    await expect
      .poll(
        async () =>
          ((await (await staff.get('/api/analytics/funnel')).json()) as FunnelEntry[]).find(
            (entry) => entry.eventType === 'order_completed',
          )?.count,
      )
      .toBe((funnelBefore ?? 0) + 1);

    // Closing brings back the spec's closed card.
    const closed = await staff.put('/api/admin/feast-packs', {
      data: {
        open: false,
        packs: catalog.packs.map(({ id, name, description, price, vegetarian }) => ({ id, name, description, price, vegetarian })),
        slots: after.slots.map(({ id, date, time }) => ({ id, date, time, capacity: id === small.id ? 2 : 30 })),
      },
    });
    expect(closed.status()).toBe(200);
    await page.goto('/');
    await expect(page.getByText('Diwali Feast Pack Orders Are Now Closed')).toBeVisible({ timeout: 30_000 });
    await page.goto('/feast-packs/checkout');
    await expect(page.getByText('Diwali Feast Pack Orders Are Now Closed')).toBeVisible({ timeout: 30_000 });
    await staff.dispose();
  });
});
