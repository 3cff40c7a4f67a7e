import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../support/environment';
import { succeededCharges } from '../support/gateway';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

function drink(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function addToCart(page: Page, name: string, times = 1) {
  for (let i = 0; i < times; i += 1) await drink(page, name).getByRole('button', { name: 'Add to Cart' }).click();
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Expiry').fill(CARD.expiry);
  await page.getByLabel('CVC').fill(CARD.cvc);
}

/** Phone layout: nothing wider than the screen, and touch targets of at least 44 px. */
async function expectPhoneFriendly(page: Page, targets: string[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of targets) {
    const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
    expect({ name, tall: (box?.height ?? 0) >= 44, wide: (box?.width ?? 0) >= 44 }).toEqual({ name, tall: true, wide: true });
  }
}

async function staffLogin(page: Page) {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
}

test.describe('drinks at the party', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a guest builds a cart, pays now, lands on Order Confirmed with the cart cleared, and the bar sees the order', async ({ page }) => {
    await page.goto('/drinks');
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
    await expect(page.getByText('One complimentary drink per guest', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Beer');
    await expect(page.getByTestId('category-lassis-count')).toHaveText('4 items');
    await expect(page.getByRole('button', { name: 'Cart (0)' })).toBeVisible();

    await addToCart(page, 'Mango Lassi', 2);
    await addToCart(page, 'Masala Chai');
    await expect(drink(page, 'Mango Lassi').getByText('2 in cart')).toBeVisible();
    await expectPhoneFriendly(page, ['Add to Cart', 'Cart (3)']);
    // The cart is kept on the phone: a reload (or a lost connection) does not empty it.
    await page.reload();
    await expect(drink(page, 'Mango Lassi').getByText('2 in cart')).toBeVisible();
    await page.getByRole('button', { name: 'Cart (3)' }).click();
    await expectPhoneFriendly(page, ['Increase quantity of Masala Chai', 'Decrease quantity of Masala Chai', 'Remove Masala Chai']);

    // Minus never goes below 1; plus and minus update the totals.
    await expect(page.getByRole('button', { name: 'Decrease quantity of Masala Chai' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity of Masala Chai' }).click();
    await expect(page.getByRole('button', { name: 'Cart (4)' })).toBeVisible();
    // 2 x $6.50 + 2 x $4.00 = $21.00; tax $1.97 (196.98); total $22.97
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$21.00');
    await expect(page.getByTestId('cart-tax')).toHaveText('$1.97');
    await expect(page.getByTestId('cart-total')).toHaveText('$22.97');
    await page.getByRole('button', { name: 'Decrease quantity of Masala Chai' }).click();
    // 2 x $6.50 + $4.00 = $17.00; tax $1.59 (159.46); total $18.59
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$17.00');
    await expect(page.getByTestId('cart-tax')).toHaveText('$1.59');
    await expect(page.getByTestId('cart-total')).toHaveText('$18.59');
    await expect(page.getByRole('button', { name: 'Cart (3)' })).toBeVisible();

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/drinks\/checkout$/);
    await expect(page.getByTestId('checkout-total')).toHaveText('$18.59');
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await page.getByLabel('Name').fill('Priya Natarajan');
    await page.getByLabel('Table Number').fill('12');
    await expect(page.getByRole('radio', { name: 'Pay Now' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByTestId('payment-total')).toHaveText('$18.59');
    await expect(page.getByText('Test mode: no card is charged', { exact: false })).toBeVisible();
    await expectPhoneFriendly(page, ['Pay Now']);
    await fillCard(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page).toHaveURL(
      /\/drinks\/confirmation\?payment_intent=pi_sim_\w+&payment_intent_client_secret=pi_sim_\w+_secret_\w+&redirect_status=succeeded/,
    );
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^#\d+$/);
    await expect(page.getByTestId('receipt-total')).toHaveText('$18.59');

    await page.getByRole('link', { name: 'Order More Drinks' }).click();
    await expect(page.getByRole('button', { name: 'Cart (0)' })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('festival-drinks-cart'))) ?? '{}').state.items).toEqual([]);
    await page.goto('/drinks/checkout');
    await expect(page.getByRole('heading', { name: 'Cart Empty' })).toBeVisible();

    await staffLogin(page);
    await page.goto('/admin/bar');
    const row = page.getByRole('row').filter({ hasText: 'Priya Natarajan' });
    await expect(row).toContainText(orderNumber);
    await expect(row).toContainText('2 × Mango Lassi');
    await expect(row).toContainText('1 × Masala Chai');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('New');
    await row.getByRole('button', { name: /^Mark Ready/ }).click();
    await expect(row).toContainText('Ready');
  });

  test('the bar queue shows a new order within seconds, without a reload', async ({ page, browser }) => {
    await staffLogin(page);
    await page.goto('/admin/bar');
    await expect(page.getByRole('tab', { name: /Bar Queue/ })).toBeVisible();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await phone.newPage();
    await guest.goto('/drinks');
    await addToCart(guest, 'Nimbu Soda');
    await guest.getByRole('button', { name: 'Cart (1)' }).click();
    await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await guest.getByLabel('Name').fill('Live Queue Guest');
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(guest);
    await guest.getByRole('button', { name: 'Pay Now' }).click();
    await expect(guest.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await phone.close();

    await expect(page.getByRole('row').filter({ hasText: 'Live Queue Guest' })).toContainText('1 × Nimbu Soda');
  });

  test('a guest opens a tab, orders twice onto it without a card, and staff close it with one charge for the total', async ({
    page,
    browser,
  }) => {
    await page.goto('/drinks');
    await addToCart(page, 'Kingfisher Premium');
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Name').fill('Arjun Mehta');
    await page.getByLabel('Table Number').fill('4');
    await page.getByRole('radio', { name: 'Open a Tab' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(page);
    await page.getByRole('button', { name: 'Save Card & Open Tab' }).click();

    await expect(page.getByRole('heading', { name: 'Tab Opened Successfully' })).toBeVisible();
    const tabId = new URL(page.url()).searchParams.get('tabId') ?? '';
    await expect(page.getByText(`Tab ID: ${tabId}`)).toBeVisible();
    const reference = tabId.slice(0, 8).toUpperCase();
    await expect(page.getByTestId('tab-reference')).toHaveText(reference);

    // First order onto the tab: the cart from before, no card.
    await page.getByRole('link', { name: 'Order Drinks Now' }).click();
    await expect(page.getByRole('radio', { name: 'Add to My Tab' })).toBeChecked();
    await page.getByRole('button', { name: 'Place Order on My Tab' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText(`Added to your tab ${reference}`, { exact: false })).toBeVisible();
    // $8.00 + tax 75.04 -> $0.75
    await expect(page.getByTestId('tab-total')).toHaveText('$8.75');

    // Second order: from the menu, again without a card.
    await page.getByRole('link', { name: 'Order More Drinks' }).click();
    await addToCart(page, 'Mango Lassi');
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Arjun Mehta');
    await page.getByRole('button', { name: 'Place Order on My Tab' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    // $8.00 + $6.50 = $14.50; tax once on it: 136.01 -> $1.36; total $15.86
    await expect(page.getByTestId('tab-total')).toHaveText('$15.86');
    await expect(page.getByText('Card number')).toHaveCount(0);
    await page.getByRole('link', { name: 'Order More Drinks' }).click();
    await expect(page.getByRole('region', { name: 'Your tab' })).toContainText('$15.86');

    // Staff close the tab from the bar page (another device).
    const bar = await browser.newContext();
    const staff = await bar.newPage();
    await staffLogin(staff);
    await staff.goto('/admin/bar');
    await staff.getByRole('tab', { name: /Open Tabs/ }).click();
    const row = staff.getByRole('row').filter({ hasText: 'Arjun Mehta' });
    await expect(row).toContainText(reference);
    await expect(row).toContainText('$15.86');
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: `Close & Charge tab ${reference}` }).click();
    await staff.getByRole('button', { name: 'Charge', exact: true }).click();
    await expect(staff.getByText(`Tab ${reference} closed: $15.86 charged to Arjun Mehta's card`)).toBeVisible();
    await expect(row).toContainText('Closed');

    // Closing again changes nothing: still one charge, for the right total.
    const again = await staff.request.post(`/api/admin/drink-tabs/${tabId}/close`);
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'closed', chargedCents: 1586 });
    await bar.close();
    const charges = succeededCharges('drink_tab').filter((c) => c.metadata.tabId === tabId);
    expect(charges.map((c) => c.amountCents)).toEqual([1586]);

    // The guest's phone learns the tab closed.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your tab' })).toContainText(
      `Your tab ${reference} is closed: $15.86 charged to your card`,
    );
  });

  test('staff see a declined card when closing a tab, and the tab stays open', async ({ page, browser }) => {
    await page.goto('/drinks');
    await addToCart(page, 'Jal Jeera');
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Name').fill('Declined Dev');
    await page.getByRole('radio', { name: 'Open a Tab' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 0341');
    await page.getByLabel('Expiry').fill(CARD.expiry);
    await page.getByLabel('CVC').fill(CARD.cvc);
    await page.getByRole('button', { name: 'Save Card & Open Tab' }).click();
    await expect(page.getByRole('heading', { name: 'Tab Opened Successfully' })).toBeVisible();
    await page.getByRole('link', { name: 'Order Drinks Now' }).click();
    await page.getByRole('button', { name: 'Place Order on My Tab' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();

    const bar = await browser.newContext();
    const staff = await bar.newPage();
    await staffLogin(staff);
    await staff.goto('/admin/bar');
    await staff.getByRole('tab', { name: /Open Tabs/ }).click();
    const row = staff.getByRole('row').filter({ hasText: 'Declined Dev' });
    await row.getByRole('button', { name: /^Close & Charge tab/ }).click();
    await staff.getByRole('button', { name: 'Charge', exact: true }).click();
    await expect(staff.getByRole('alert')).toContainText('The card was declined: Your card was declined. The tab is still open.');
    await expect(row).toContainText('Declined');
    await expect(row.getByRole('button', { name: /^Mark tab .* paid at the bar$/ })).toBeVisible();
    await bar.close();
  });

  test('an empty checkout says Cart Empty and leads back to the menu', async ({ page }) => {
    await page.goto('/drinks/checkout');
    await expect(page.getByRole('heading', { name: 'Cart Empty' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(page).toHaveURL(/\/drinks$/);
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
  });

  test('the confirmation pages explain missing or failed parameters', async ({ page }) => {
    await page.goto('/drinks/confirmation');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('Missing payment information')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Menu' })).toBeVisible();

    await page.goto('/drinks/confirmation?payment_intent=pi_sim_abc&redirect_status=failed');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('Payment was not completed')).toBeVisible();

    await page.goto('/drinks/confirmation?payment_intent=pi_sim_unknown&redirect_status=succeeded');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('No drink order for this payment')).toBeVisible();

    await page.goto('/drinks/tab-confirmation');
    await expect(page.getByRole('heading', { name: 'Setup Failed' })).toBeVisible();
    await expect(page.getByText('Missing tab or setup information')).toBeVisible();

    await page.goto(
      '/drinks/tab-confirmation?tabId=00000000-0000-4000-8000-000000000000&setup_intent=seti_sim_x&redirect_status=requires_payment_method',
    );
    await expect(page.getByRole('heading', { name: 'Setup Failed' })).toBeVisible();
    await expect(page.getByText('Card setup was not completed')).toBeVisible();

    await page.goto(
      '/drinks/tab-confirmation?tabId=00000000-0000-4000-8000-000000000000&setup_intent=seti_sim_x&redirect_status=succeeded',
    );
    await expect(page.getByRole('heading', { name: 'Setup Failed' })).toBeVisible();
    await expect(page.getByText('Tab not found')).toBeVisible();
  });

  test('a drink set to 0 in the admin shows Out of Stock to guests', async ({ page, browser, request }) => {
    await page.goto('/drinks');
    await expect(drink(page, 'Sula Shiraz').getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    const bar = await browser.newContext();
    const staff = await bar.newPage();
    await staffLogin(staff);
    await staff.goto('/admin/bar');
    await staff.getByRole('tab', { name: 'Stock' }).click();
    await staff.getByRole('button', { name: 'Mark Sula Shiraz out of stock' }).click();
    await expect(staff.getByText('Sula Shiraz is now Out of Stock')).toBeVisible();
    await bar.close();
    // The API shows it at once; through nginx the menu may be a second old (micro-cache).
    await expect
      .poll(
        async () =>
          ((await (await request.get('/api/drinks')).json()) as { id: string; available: number }[]).find((d) => d.id === 'sula-shiraz')
            ?.available,
      )
      .toBe(0);

    await page.reload();
    const card = drink(page, 'Sula Shiraz');
    await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('the bar page sends a visitor without a staff session to the login', async ({ page }) => {
    await page.goto('/admin/bar');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
