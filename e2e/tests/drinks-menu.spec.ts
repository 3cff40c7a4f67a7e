import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdminDrinksMenu, MenuDrink } from '../../packages/contracts/src/drinks-menu';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { staffApi } from '../support/staff-api';

const DRINK = 'Saffron Rose Cooler';
const CATEGORY = 'Festival Specials';
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

const drinksMenu = async (api: APIRequestContext): Promise<MenuDrink[]> =>
  ((await (await api.get('/api/admin/drinks-menu')).json()) as AdminDrinksMenu).drinks;

/** The manager on /admin/settings. */
async function openSettings(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  expect((await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  return page;
}

/** A new guest's phone (nothing cached, an empty cart) on /drinks. */
async function newGuest(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/drinks');
  await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Beer');
  return page;
}

test.describe('the Drinks menu section', () => {
  let staff: APIRequestContext;

  test.beforeEach(async () => {
    staff = await staffApi();
  });

  // Other specs read the seeded menu: the drink added here is hidden again (drinks are never deleted).
  test.afterEach(async () => {
    for (const drink of await drinksMenu(staff)) {
      if (drink.name !== DRINK || drink.hidden) continue;
      const { id, available: _available, ...rest } = drink;
      expect((await staff.put(`/api/admin/drinks-menu/${id}`, { data: { ...rest, hidden: true } })).ok()).toBe(true);
    }
    await staff.dispose();
  });

  test('a drink added in a new category appears there on /drinks and can be bought; hidden, it disappears', async ({ browser }) => {
    test.slow();
    const manager = await openSettings(browser);
    const section = manager.getByRole('region', { name: 'Drinks menu' });
    await expect(section.getByRole('row').filter({ hasText: 'Mango Lassi' })).toContainText('$6.50');

    await section.getByRole('button', { name: 'Add drink' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Add drink' });
    await dialog.getByLabel('Name').fill(DRINK);
    await dialog.getByLabel('Description').fill('Saffron, rose syrup and lime over crushed ice.');
    await dialog.getByLabel('Category').fill(CATEGORY);
    await dialog.getByLabel('Category').press('Escape');
    // A free drink is refused beside the price by the shared schema, before anything is sent.
    await dialog.getByLabel('Price').fill('0');
    await dialog.getByLabel('Stock').fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Price must be at least $0.01: the complimentary drink is claimed at the bar')).toBeVisible();
    await dialog.getByLabel('Price').fill('7.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = section.getByRole('row').filter({ hasText: DRINK });
    await expect(row).toContainText(CATEGORY);
    await expect(row).toContainText('$7.50');
    await expect(row).toContainText('20');
    await expect(row.getByRole('switch', { name: `Show ${DRINK}` })).toBeChecked();
    // Alone in its category: it cannot move up or down.
    await expect(row.getByRole('button', { name: `Move ${DRINK} up` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Move ${DRINK} down` })).toBeDisabled();

    // A new guest finds it under its own category (alphabetically between Cocktails and Lassis) and buys it.
    const guest = await newGuest(browser);
    const category = guest.getByRole('region', { name: CATEGORY });
    await expect(category.getByRole('article', { name: DRINK })).toBeVisible();
    await expect(guest.getByTestId('category-festival-specials-count')).toHaveText('1 item');
    const headings = await guest.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf(CATEGORY)).toBe(headings.indexOf('Cocktails') + 1);
    expect(headings.indexOf('Lassis')).toBe(headings.indexOf(CATEGORY) + 1);

    await category.getByRole('article', { name: DRINK }).getByRole('button', { name: 'Add to Cart' }).click();
    await guest.getByRole('button', { name: 'Cart (1)' }).click();
    // $7.50 + 9.38 % tax ($0.70)
    await expect(guest.getByTestId('cart-total')).toHaveText('$8.20');
    await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await guest.getByLabel('Name').fill('Meera Specials');
    await guest.getByLabel('Table Number').fill('7');
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(guest.getByTestId('payment-total')).toHaveText('$8.20');
    await guest.getByLabel('Card number').fill(CARD.number);
    await guest.getByLabel('Expiry').fill(CARD.expiry);
    await guest.getByLabel('CVC').fill(CARD.cvc);
    await guest.getByRole('button', { name: 'Pay Now' }).click();
    await expect(guest.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(guest.getByTestId('receipt-total')).toHaveText('$8.20');
    await guest.context().close();
    // The sale took one from the stock.
    await expect.poll(async () => (await drinksMenu(staff)).find((drink) => drink.name === DRINK)?.available).toBe(19);

    // The manager hides it: the switch says so, and a new guest no longer sees it (nor its category).
    await row.getByRole('switch', { name: `Show ${DRINK}` }).click();
    await expect(manager.getByText(`${DRINK} is hidden from the guests' menu.`)).toBeVisible();
    await expect(row.getByRole('switch', { name: `Show ${DRINK}` })).not.toBeChecked();

    const later = await newGuest(browser);
    // Through nginx the menu may be a second old: a reload shows the change.
    await expect(async () => {
      if (await later.getByRole('article', { name: DRINK }).isVisible()) await later.reload();
      await expect(later.getByRole('article', { name: 'Mango Lassi' })).toBeVisible({ timeout: 2_000 });
      await expect(later.getByRole('article', { name: DRINK })).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(later.getByRole('heading', { name: CATEGORY })).toHaveCount(0);
    await later.context().close();

    // Still on the manager's list, hidden; the activity log has each change.
    expect((await drinksMenu(staff)).find((drink) => drink.name === DRINK)).toMatchObject({ hidden: true, priceCents: 750 });
    const log = (await (await staff.get('/api/admin/activity?action=drink.menu')).json()) as {
      items: { object: string; detail: string }[];
    };
    expect(log.items.slice(0, 2)).toEqual([
      expect.objectContaining({ object: DRINK, detail: 'Shown → Hidden' }),
      expect.objectContaining({ object: DRINK, detail: `Added to ${CATEGORY} at $7.50, 20 in stock` }),
    ]);
    await manager.context().close();
  });
});
