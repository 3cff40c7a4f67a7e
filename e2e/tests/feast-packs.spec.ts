import { expect, request, test } from '@playwright/test';
import type { FeastCatalog, FunnelEntry } from '../../packages/contracts/src';
import { waitForMails } from '../support/mailbox';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
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

    // The manager opens pre-orders on /admin/settings with the two packs and two pickup times.
    expect((await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Feast packs' });
    await expect(section).toBeVisible({ timeout: 30_000 });
    await expect(section.getByLabel('Pack 1 name')).toHaveValue('Vegetarian Feast Pack');
    await expect(section.getByLabel('Pack 2 name')).toHaveValue('Non-Vegetarian Feast Pack');
    await section.getByRole('switch', { name: 'Pre-orders open' }).click();
    await section.getByRole('button', { name: 'Add pickup time' }).click();
    await section.getByLabel('Pickup time 1 date').fill('2026-11-14');
    await section.getByLabel('Pickup time 1 time').fill('11:00');
    await section.getByLabel('Pickup time 1 capacity').fill('2');
    await section.getByRole('button', { name: 'Add pickup time' }).click();
    await section.getByLabel('Pickup time 2 date').fill('2026-11-14');
    await section.getByLabel('Pickup time 2 time').fill('14:00');
    await section.getByLabel('Pickup time 2 capacity').fill('30');
    await section.getByRole('button', { name: 'Save feast packs' }).click();
    await expect(page.getByText('Feast packs saved')).toBeVisible({ timeout: 15_000 });
    await page.context().clearCookies();

    // Through nginx the public read is cached for a second: wait until it says open.
    const readCatalog = async () => (await (await page.request.get('/api/feast-packs')).json()) as FeastCatalog;
    await expect.poll(async () => (await readCatalog()).open, { timeout: 10_000 }).toBe(true);
    const catalog = await readCatalog();
    expect(catalog.slots.map(({ date, time, remaining }) => ({ date, time, remaining }))).toEqual([
      { date: '2026-11-14', time: '11:00', remaining: 2 },
      { date: '2026-11-14', time: '14:00', remaining: 30 },
    ]);
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
    await expect.poll(async () => (await readCatalog()).slots.find((slot) => slot.id === small.id)?.remaining, { timeout: 10_000 }).toBe(0);
    await page.reload();
    const again = page.getByRole('article', { name: catalog.packs[1].name, exact: true });
    await again.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
    const full = page.getByRole('radio', { name: /Saturday, November 14, 2026 at 11:00 AM/ });
    await expect(full).toBeDisabled({ timeout: 30_000 });
    await expect(page.locator('label', { has: full })).toContainText('Full');
    await expect(page.getByRole('radio', { name: /Saturday, November 14, 2026 at 2:00 PM/ })).toBeEnabled();
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

    // Staff: the dashboard's Feast Pack Orders table, then the pickup desk.
    expect((await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    await page.goto('/admin');
    const row = page.getByRole('row', { name: new RegExp(reference, 'i') });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('Saturday, November 14, 2026');
    // The dashboard's feast funnel shows the completed order too.
    const completed = (funnelBefore ?? 0) + 1;
    await expect(
      page
        .getByRole('list', { name: 'Feast Pack Conversion Funnel steps' })
        .getByRole('button', { name: new RegExp(`^Completed Orders ${completed}(\\D|$)`) }),
    ).toBeVisible();
    await expect(row).toContainText('11:00 AM');
    await expect(row).toContainText(`${catalog.packs[0].name} x 2`);
    await page.goto('/admin/pickups');
    await expect(page.getByRole('heading', { name: 'Feast Pack Pickups' })).toBeVisible({ timeout: 30_000 });
    const pickup = page.getByRole('listitem', { name: `Order ${reference}` });
    await pickup.getByRole('button', { name: 'Picked up' }).click();
    await expect(pickup.getByText('Picked up')).toBeVisible();
    await expect(pickup.getByRole('button', { name: 'Picked up' })).toHaveCount(0);

    // A second pre-order, for the large pickup time, refunded whole from Feast Pack Orders.
    const large = catalog.slots[1];
    const refundBuyer = `feast.refund.${Date.now()}@example.com`;
    const buyer = await request.newContext({ baseURL: BASE_URL });
    const hold = await buyer.post('/api/feast-order-intent', {
      data: {
        customerName: 'Refunded Feaster',
        customerEmail: refundBuyer,
        customerPhone: '(408) 555-0179',
        items: [{ packId: catalog.packs[1].id, quantity: 1 }],
        slotId: large.id,
        totalAmount: 5468,
      },
    });
    expect(hold.status()).toBe(200);
    const { clientSecret } = (await hold.json()) as { clientSecret: string };
    const charged = await buyer.post('/api/payments/simulated/confirm', {
      data: { clientSecret, cardNumber: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc },
    });
    const confirmed = await buyer.post('/api/confirm-payment', {
      data: { paymentIntentId: ((await charged.json()) as { id: string }).id, type: 'feast_order' },
    });
    expect(confirmed.ok()).toBe(true);
    await buyer.dispose();
    const largeRemaining = async () => (await readCatalog()).slots.find((slot) => slot.id === large.id)?.remaining;
    await expect.poll(largeRemaining, { timeout: 10_000 }).toBe(large.remaining - 1);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Refund the pre-order of Refunded Feaster' }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText('$54.68 back to Refunded Feaster')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Refund the pre-order of Refunded Feaster' })).toHaveCount(0);
    await expect.poll(largeRemaining, { timeout: 10_000 }).toBe(large.remaining);
    const mails = await waitForMails((m) => m.parsed.to?.some((to) => to.address === refundBuyer) ?? false, 2);
    expect(mails.map((m) => m.parsed.subject).filter((subject) => / has been refunded$/.test(subject ?? ''))).toHaveLength(1);

    // Closing pre-orders brings back the closed card of docs/product.md.
    await page.goto('/admin/settings');
    const settings = page.getByRole('region', { name: 'Feast packs' });
    await expect(settings.getByRole('switch', { name: 'Pre-orders open' })).toBeChecked({ timeout: 30_000 });
    await settings.getByRole('switch', { name: 'Pre-orders open' }).click();
    await settings.getByRole('button', { name: 'Save feast packs' }).click();
    await expect(page.getByText('Feast packs saved')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await readCatalog()).open, { timeout: 10_000 }).toBe(false);
    await page.goto('/');
    await expect(page.getByText('Diwali Feast Pack Orders Are Now Closed')).toBeVisible({ timeout: 30_000 });
    await page.goto('/feast-packs/checkout');
    await expect(page.getByText('Diwali Feast Pack Orders Are Now Closed')).toBeVisible({ timeout: 30_000 });
    await staff.dispose();
  });
});
