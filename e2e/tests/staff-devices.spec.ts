import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { priceDrinks, type Drink } from '../../packages/contracts/src/index';
import { E2E_ADMIN_PASSWORD } from '../support/environment';
import { buyPartyTickets } from '../support/party-orders';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

async function logIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
}

/** The manager adds a device on /admin/devices; returns its pass link as the page shows it. */
async function addDevice(page: Page, name: string, role: 'Door (check-in)' | 'Bar (queue, tabs, stock)'): Promise<string> {
  await page.getByRole('banner').getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  await dialog.getByLabel('Device name').fill(name);
  await dialog.getByRole('radio', { name: role }).check();
  await dialog.getByRole('button', { name: 'Add device' }).click();
  const pass = page.getByRole('dialog', { name: `Pass for ${name}` });
  await expect(pass.getByRole('img', { name: `QR code of the pass for ${name}` })).toBeVisible();
  const link = await pass.getByLabel('Pass link').inputValue();
  expect(link).toMatch(/\/admin\/login#device-pass=[A-Za-z0-9_-]{43}$/);
  await pass.getByRole('button', { name: 'Done' }).click();
  await expect(pass).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Pass not used yet');
  return link;
}

/** A fresh browser (another phone) opening a pass link. */
async function openPass(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

/** A guest pays for party tickets (through the API, from a browser of their own, as the party page would). */
async function paidPartyOrder(browser: Browser, customerName: string, adultTickets: number): Promise<void> {
  const context = await browser.newContext();
  await buyPartyTickets(context.request, {
    customerName,
    customerEmail: `device.door.${Date.now()}@example.com`,
    customerPhone: '(408) 555-0102',
    adultTickets,
    childTickets: 0,
  });
  await context.close();
}

/** A guest pays for a drink (through the API, as the drinks page would); returns the bar's order number. */
async function paidDrinkOrder(api: APIRequestContext, customerName: string): Promise<number> {
  const drinks = (await (await api.get('/api/drinks')).json()) as Drink[];
  const drink = drinks.find((d) => d.available > 0)!;
  const items = [{ id: drink.id, name: drink.name, price: drink.price, quantity: 1 }];
  const intent = await api.post('/api/drink-payment-intent', {
    data: {
      customerName,
      customerEmail: 'guest@example.com',
      customerPhone: '(408) 555-0101',
      items,
      total: priceDrinks(items).totalCents,
      tableNumber: '7',
    },
  });
  expect(intent.ok()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await api.post('/api/payments/simulated/confirm', { data: { clientSecret, ...CARD } });
  expect(paid.ok()).toBe(true);
  const confirmed = await api.post('/api/confirm-drink-payment', { data: { paymentIntentId: ((await paid.json()) as { id: string }).id } });
  expect(confirmed.ok()).toBe(true);
  return ((await confirmed.json()) as { number: number }).number;
}

async function revoke(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
}

test.describe('staff devices', () => {
  // Four browsers (the manager, two devices, a second phone) through one long story: each opens
  // a staff page cold, which on a machine busy with the other specs takes several seconds.
  test.setTimeout(180_000);

  test('door and bar phones reach only their pages, are signed out at once when revoked, and every action is on the record', async ({
    page,
    browser,
    request,
  }) => {
    await logIn(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/admin\/devices$/);
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    const doorLink = await addDevice(page, 'Door 1', 'Door (check-in)');
    const barLink = await addDevice(page, 'Bar 1', 'Bar (queue, tabs, stock)');

    // Door 1's phone opens its pass: it lands on the door page, signed in as Door 1, but not for
    // the manager's pages or data.
    await paidPartyOrder(browser, 'Device Door Guest', 2);
    const door = await openPass(browser, doorLink);
    await expect(door).toHaveURL(/\/admin\/door$/);
    await expect(door.getByRole('banner', { name: 'Signed-in device' })).toContainText('Door 1');
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible();
    // It checks a guest in, found by name.
    await door.getByLabel('Search guests').fill('Device Door Guest');
    await door.getByRole('button', { name: 'Search' }).click();
    await door.getByRole('region', { name: 'Guests found' }).getByRole('button', { name: 'Admit 2' }).click();
    await expect(door.getByLabel('Scan result')).toContainText('Admitted: 2 guests');
    await expect(door.getByLabel('Scan result')).toContainText('2 of 2 in');
    for (const path of ['/admin', '/admin/campaigns']) {
      await door.goto(path);
      await expect(door.getByText('Not allowed', { exact: true })).toBeVisible();
      await expect(door.getByRole('banner', { name: 'Signed-in device' })).toContainText('Door 1');
      await expect(door.getByRole('heading', { name: /Order Management|Email Campaigns/ })).toHaveCount(0);
    }
    const orders = await door.request.get('/api/orders');
    expect(orders.status()).toBe(403);

    // The same pass in a second browser is refused.
    const second = await openPass(browser, doorLink);
    await expect(second.getByText('This pass cannot be used')).toBeVisible();
    await expect(second.getByText('This pass has already been used on another device. Ask the manager for a new pass.')).toBeVisible();
    expect((await second.request.get('/api/admin/check')).ok()).toBe(true);
    expect(await (await second.request.get('/api/admin/check')).json()).toEqual({ authenticated: false });
    await second.context().close();

    // Bar 1's phone lands on the bar screen and marks a guest's drink ready.
    const orderNumber = await paidDrinkOrder(request, 'Device Test Guest');
    const bar = await openPass(browser, barLink);
    await expect(bar).toHaveURL(/\/admin\/bar$/);
    await expect(bar.getByRole('banner', { name: 'Signed-in device' })).toContainText('Bar 1');
    const row = bar.getByRole('row').filter({ hasText: 'Device Test Guest' });
    await row.getByRole('button', { name: `Mark Ready: order ${orderNumber}` }).click();
    await expect(row).toContainText('Ready');
    await bar.goto('/admin/campaigns');
    await expect(bar.getByText('Not allowed', { exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'Open the bar screen' }).click();
    await expect(bar.getByRole('row').filter({ hasText: 'Device Test Guest' })).toBeVisible();

    // The manager revokes both: their next requests say so.
    await revoke(page, 'Door 1');
    await revoke(page, 'Bar 1');
    await door.goto('/admin');
    await expect(door.getByText('This device was signed out')).toBeVisible();
    await expect(bar.getByText('This device was signed out')).toBeVisible();

    // A revoked device's pass opened again is refused too.
    const again = await openPass(browser, barLink);
    await expect(again.getByText('This pass cannot be used')).toBeVisible();
    await again.context().close();

    // The activity log: newest first, with the device names as who.
    await page.goto('/admin/activity');
    const log = page.getByRole('table');
    const line = (...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), log.getByRole('row'));
    await expect(line('Manager', 'Device revoked', 'Door 1')).toHaveCount(1);
    await expect(line('Manager', 'Device revoked', 'Bar 1')).toHaveCount(1);
    await expect(line('Bar 1', 'Bar order status', `Order #${orderNumber}`, 'ready')).toHaveCount(1);
    await expect(line('Door 1', 'Device signed in')).toHaveCount(1);
    await expect(line('Door 1', 'Guest checked in', 'Device Door Guest', '2 admitted, 2 of 2 in')).toHaveCount(1);
    await expect(line('Door 1', 'Device pass refused')).toHaveCount(1);
    await expect(line('Manager', 'Device added', 'Door 1')).toHaveCount(1);

    await page.getByLabel('Filter by who').click();
    // antd draws the visible list apart from its accessible one.
    await page.locator('.ant-select-item-option[title="Bar 1"]').click();
    await expect(line('Bar 1', 'Device signed in')).toHaveCount(1);
    await expect(line('Device revoked')).toHaveCount(0);
    await expect(line('Device added')).toHaveCount(0);

    await door.context().close();
    await bar.context().close();
  });

  test('the manager unlocks sign-ins after passes that were not valid, and is told what was unlocked', async ({ page, request }) => {
    // A pass that is not valid, from the network every browser of the suite shares.
    expect((await request.post('/api/admin/device-pass', { data: { pass: 'not-a-pass-of-this-venue' } })).status()).toBe(404);
    await logIn(page);
    await page.goto('/admin/devices');
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible({ timeout: 30_000 });

    const unlock = async () => {
      await page.getByRole('button', { name: 'Unlock sign-ins', exact: true }).click();
      const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Unlock sign-ins?' });
      await expect(confirm).toContainText('Phones on a network that sent too many passes that were not valid may sign in again at once.');
      await confirm.getByRole('button', { name: 'Unlock', exact: true }).click();
    };
    const toast = (detail: string) =>
      page.locator('.ant-notification-notice').filter({ hasText: 'Sign-ins unlocked' }).filter({ hasText: detail });
    await unlock();
    await expect(toast('Refused passes forgotten for 1 network: door and bar phones there can sign in again.')).toBeVisible();
    // Later, nothing is left to forget.
    await page.reload();
    await unlock();
    await expect(toast('No network had refused passes: nothing was locked.')).toBeVisible();

    const log = await page.request.get('/api/admin/activity?action=device.unlock');
    const { items } = (await log.json()) as { items: { who: string; detail: string }[] };
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({ who: 'Manager', detail: '0 networks unlocked' }),
      expect.objectContaining({ who: 'Manager', detail: '1 network unlocked' }),
    ]);
  });
});
