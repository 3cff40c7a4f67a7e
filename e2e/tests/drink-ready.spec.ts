import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { priceDrinks } from '@festival/contracts';
import { E2E_ADMIN_PASSWORD } from '../support/environment';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
/** The promise of docs/drinks.md ("Guests see their drink"): the guest's page shows the bar's change within 3 seconds. */
const WITHIN_3_S = { timeout: 3_000 };
/** The staff app (antd) can take a while to load on a busy test machine. */
const STAFF_APP_LOADED = { timeout: 20_000 };

declare global {
  interface Window {
    /** Notes generated on the bar screen's Web Audio context (counted by the test). */
    barNotes?: number;
    /** Set by the test on the guest's page: still there means the page was never reloaded. */
    sameDocument?: boolean;
  }
}

function drink(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Expiry').fill(CARD.expiry);
  await page.getByLabel('CVC').fill(CARD.cvc);
}

/** The bar screen on a tablet, staff logged in, with every note it plays counted. */
async function openBar(browser: Browser): Promise<{ context: BrowserContext; bar: Page }> {
  const context = await browser.newContext(TABLET);
  await context.addInitScript(() => {
    window.barNotes = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      window.barNotes = (window.barNotes ?? 0) + 1;
      return create.call(this);
    };
  });
  const bar = await context.newPage();
  expect((await bar.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  await bar.goto('/admin/bar');
  await expect(bar.getByRole('tab', { name: /Bar Queue/ })).toBeVisible(STAFF_APP_LOADED);
  return { context, bar };
}

/** The guest's page, marked so that a reload would show. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    window.sameDocument = true;
  });
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => window.sameDocument === true)).toBe(true);
}

test.describe('guests see their drink: the bar marks it ready, the phone shows it', () => {
  // Two browsers (a phone and the bar's tablet) and a payment each: more steps than most specs.
  test.setTimeout(60_000);

  test('a guest pays on a phone; the bar rings and shows a badge, marks the order ready, and the phone shows Ready at the bar without a reload', async ({
    browser,
  }) => {
    const { context: barContext, bar } = await openBar(browser);
    // The first tap on the page lets it play sound (browsers ask for one).
    const turnOn = bar.getByRole('button', { name: 'Turn on sound' });
    if (await turnOn.isVisible()) await turnOn.click();
    await expect(bar.getByRole('switch', { name: 'New-order sound' })).toBeChecked();

    const phone = await browser.newContext(PHONE);
    const guest = await phone.newPage();
    // What the phone's polls ask with: after the first, the ETag of the answer it holds.
    const revalidations: (string | undefined)[] = [];
    guest.on('request', (req) => {
      if (/\/api\/drink-orders\/[^/]+\/status$/.test(new URL(req.url()).pathname)) {
        void req.allHeaders().then((headers) => revalidations.push(headers['if-none-match']));
      }
    });
    await guest.goto('/drinks');
    await drink(guest, 'Kokum Cooler').getByRole('button', { name: 'Add to Cart' }).click();
    await guest.getByRole('button', { name: 'Cart (1)' }).click();
    await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await guest.getByLabel('Name').fill('Meera Ready');
    await guest.getByLabel('Table Number').fill('7');
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(guest);
    const notesBefore = await bar.evaluate(() => window.barNotes ?? 0);
    await guest.getByRole('button', { name: 'Pay Now' }).click();

    await expect(guest.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    const number = ((await guest.getByTestId('order-number').textContent()) ?? '').trim();
    expect(number).toMatch(/^#\d+$/);
    const status = guest.getByTestId('bar-status');
    await expect(status).toContainText('Being made');
    await markDocument(guest);
    const confirmationUrl = guest.url();
    // While nothing changes, each poll revalidates the answer the phone holds (If-None-Match:
    // the server answers 304 with no body, as the API's integration test shows).
    await expect.poll(() => revalidations.filter((tag) => tag?.startsWith('W/"')).length, { timeout: 6_000 }).toBeGreaterThanOrEqual(1);
    expect(revalidations[0]).toBeUndefined();

    // The bar: a badge naming the new order, a highlighted row, and a two-note chime.
    await expect(bar.getByRole('status').filter({ hasText: 'new order' })).toContainText(`1 new order: ${number}`);
    const row = bar.getByRole('row').filter({ hasText: 'Meera Ready' });
    await expect(row).toContainText('New');
    await expect(row).toHaveClass(/bar-row--arrival/);
    await expect.poll(() => bar.evaluate(() => window.barNotes ?? 0)).toBeGreaterThanOrEqual(notesBefore + 2);

    await row.getByRole('button', { name: /^Mark Ready/ }).click();
    await expect(row).toContainText('Ready');
    // Marked ready, the order leaves the new-order badge.
    await expect(bar.getByText(`1 new order: ${number}`)).toHaveCount(0);

    await expect(status).toContainText('Ready at the bar', WITHIN_3_S);
    await expect(guest.getByText('Ready at the bar')).toBeVisible();
    await expectNoReload(guest);
    expect(guest.url()).toBe(confirmationUrl);

    await row.getByRole('button', { name: /^Mark Served/ }).click();
    await expect(status).toContainText('Served', WITHIN_3_S);
    await expectNoReload(guest);

    await phone.close();
    await barContext.close();
  });

  test('the tab banner follows an order on the tab to Ready at the bar without a reload', async ({ browser }) => {
    const phone = await browser.newContext(PHONE);
    const guest = await phone.newPage();
    await guest.goto('/drinks');
    await drink(guest, 'Kingfisher Premium').getByRole('button', { name: 'Add to Cart' }).click();
    await guest.getByRole('button', { name: 'Cart (1)' }).click();
    await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await guest.getByLabel('Name').fill('Tabitha Ready');
    await guest.getByRole('radio', { name: 'Open a Tab' }).check();
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(guest);
    await guest.getByRole('button', { name: 'Save Card & Open Tab' }).click();
    await expect(guest.getByRole('heading', { name: 'Tab Opened Successfully' })).toBeVisible();
    await guest.getByRole('link', { name: 'Order Drinks Now' }).click();
    await guest.getByRole('button', { name: 'Place Order on My Tab' }).click();
    await expect(guest.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(guest.getByTestId('bar-status')).toContainText('Being made');
    const number = ((await guest.getByTestId('order-number').textContent()) ?? '').replace('#', '').trim();

    // Back on the menu, the tab banner lists the order and where it is.
    await guest.getByRole('link', { name: 'Order More Drinks' }).click();
    const banner = guest.getByRole('region', { name: 'Your tab' });
    await expect(banner).toContainText(`Order #${number}`);
    const orderStatus = guest.getByTestId(`tab-order-${number}-status`);
    await expect(orderStatus).toHaveText('Being made');
    await markDocument(guest);

    const { context: barContext, bar } = await openBar(browser);
    const row = bar.getByRole('row').filter({ hasText: 'Tabitha Ready' });
    await row.getByRole('button', { name: /^Mark Ready/ }).click();
    await expect(row).toContainText('Ready');

    await expect(orderStatus).toHaveText('Ready at the bar', WITHIN_3_S);
    await expectNoReload(guest);
    await barContext.close();
    await phone.close();
  });

  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    test(`the bar screen fits a ${viewport.width} px tablet: no sideways scrolling, buttons a finger can hit, screen kept awake`, async ({
      browser,
    }) => {
      // An order in the queue, paid through the API as the guest's phone would.
      const api = await browser.newContext();
      const items = [{ id: 'nimbu-soda', name: 'Nimbu Soda', price: 400, quantity: 1 }];
      const menu = (await (await api.request.get('/api/drinks')).json()) as { id: string; price: number }[];
      items[0].price = menu.find((d) => d.id === 'nimbu-soda')?.price ?? items[0].price;
      const created = await api.request.post('/api/drink-payment-intent', {
        data: { customerName: `Tablet ${viewport.width}`, items, total: priceDrinks(items).totalCents, tableNumber: '3' },
      });
      expect(created.status()).toBe(200);
      const { clientSecret } = (await created.json()) as { clientSecret: string };
      const paid = await api.request.post('/api/payments/simulated/confirm', {
        data: { clientSecret, cardNumber: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc },
      });
      const { id } = (await paid.json()) as { id: string };
      expect((await api.request.post('/api/confirm-drink-payment', { data: { paymentIntentId: id } })).status()).toBe(200);
      await api.close();

      const context = await browser.newContext({ viewport, hasTouch: true });
      // The tablet's browser grants the screen wake lock; record what the page asks of it.
      await context.addInitScript(() => {
        const requests: string[] = [];
        (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests = requests;
        Object.defineProperty(navigator, 'wakeLock', {
          configurable: true,
          value: {
            request: async (type: string) => {
              requests.push(type);
              const lock = new EventTarget() as EventTarget & { released: boolean; type: string; release: () => Promise<void> };
              lock.released = false;
              lock.type = type;
              lock.release = async () => {
                lock.released = true;
                lock.dispatchEvent(new Event('release'));
              };
              return lock;
            },
          },
        });
      });
      const bar = await context.newPage();
      expect((await bar.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
      await bar.goto('/admin/bar');
      await expect(bar.getByRole('tab', { name: /Bar Queue/ })).toBeVisible(STAFF_APP_LOADED);
      const row = bar.getByRole('row').filter({ hasText: `Tablet ${viewport.width}` });
      await expect(row).toContainText('1 × Nimbu Soda');
      await expect(bar.getByTestId('wake-lock')).toHaveText('Screen stays awake');
      expect(await bar.evaluate(() => (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests)).toEqual(['screen']);

      expect(await bar.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // The queue's columns all show: its table does not scroll sideways.
      const table = bar.locator('.ant-table-content').first();
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      const button = await row.getByRole('button', { name: /^Mark Ready/ }).boundingBox();
      expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      // A tab is tapped on its whole box (the tab role sits on the label inside it).
      for (const tab of [/Bar Queue/, /Open Tabs/, /Stock/]) {
        const box = await bar
          .locator('.ant-tabs-tab')
          .filter({ has: bar.getByRole('tab', { name: tab }) })
          .boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      await context.close();
    });
  }
});
