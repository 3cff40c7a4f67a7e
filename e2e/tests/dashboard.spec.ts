import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { seedDemoData } from '../support/seed-demo';

const CSV_COLUMNS = ['Order ID', 'Customer Name', 'Email', 'Phone', 'Pickup Date', 'Pickup Time', 'Items', 'Total', 'Order Date'];
/** The bars' fill (the theme's maroon). */
const BAR_RGB = [0x7b, 0x1e, 0x3a];

/** The toast with this title. */
function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

async function logIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
}

/** A section of the dashboard, by its heading. */
function section(page: Page, heading: string): Locator {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

/** Data rows of an antd table (not its measure row or empty placeholder). */
function rows(table: Locator): Locator {
  return table.locator('tbody tr.ant-table-row');
}

/** Parses a CSV line of quoted cells. */
function csvCells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
}

/**
 * Where the first (top) bar of a funnel chart is drawn, found in a screenshot of its canvas by
 * the bars' colour: the chart is a canvas, so the bar has no element of its own to click.
 */
async function firstBarPosition(canvas: Locator): Promise<{ x: number; y: number }> {
  const png = PNG.sync.read(await canvas.screenshot());
  const isBar = (x: number, y: number) => {
    const i = (png.width * y + x) * 4;
    return BAR_RGB.every((c, k) => Math.abs(png.data[i + k] - c) < 12);
  };
  for (let y = 0; y < png.height; y += 1) {
    let run = 0;
    for (let x = 0; x < png.width; x += 1) {
      run = isBar(x, y) ? run + 1 : 0;
      // The first row with a real stretch of bar colour is the top of the first bar.
      if (run >= 8) return { x: x - 4, y: y + 6 };
    }
  }
  throw new Error('No bar found in the chart');
}

test.describe('staff access', () => {
  test('/admin without a session lands on the login; a wrong password is refused and cleared; the right one opens the dashboard; Logout ends it', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeDisabled();

    await password.fill('not-the-password');
    await expect(login).toBeEnabled();
    await login.click();
    await expect(toast(page, 'Access Denied')).toContainText('Incorrect password');
    await expect(password).toHaveValue('');
    await expect(login).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await password.fill(E2E_ADMIN_PASSWORD);
    await password.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
    for (const name of ['Reports', 'Drinks QR Code', 'Email Campaigns', 'Bar']) {
      await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('button', { name })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const check = await page.request.get('/api/admin/check');
    expect(await check.json()).toEqual({ authenticated: false });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('/admin/login downloads none of the dashboard, charts or QR code', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.url.includes('/remotes/admin-app/'))).toBe(true);
    // Markers of the dashboard's own code, of the chart library and of the QR encoder.
    const heavy = scripts.filter((s) => /Funnel Drop-off Analysis|elementHighlight|too big to be stored in a QR Code/.test(s.body));
    expect(heavy.map((s) => s.url)).toEqual([]);
  });
});

test.describe('the dashboard on the demo data', () => {
  test.beforeAll(() => {
    expect(seedDemoData()).toMatch(/Seeded 64 feast pack orders, 46 paid ticket orders, 12 abandoned carts and \d+ analytics events/);
  });

  test.beforeEach(async ({ page }) => {
    await logIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  });

  test('every section shows data, with the counts in the header', async ({ page }) => {
    await expect(page.getByRole('status', { name: /^Feast Orders: \d+$/ })).toBeVisible();
    const feastCount = Number((await page.getByRole('status', { name: /^Feast Orders: / }).getAttribute('aria-label'))!.split(': ')[1]);
    expect(feastCount).toBeGreaterThanOrEqual(64);
    const ticketCount = Number((await page.getByRole('status', { name: /^Party Tickets: / }).getAttribute('aria-label'))!.split(': ')[1]);
    expect(ticketCount).toBeGreaterThanOrEqual(46);

    // 1. Drop-off: carts and checkouts left over, and the completed orders.
    const dropOff = section(page, 'Funnel Drop-off Analysis');
    const feast = dropOff.getByRole('region', { name: 'Feast Packs' });
    await expect(feast).toContainText('In cart, not purchased');
    await expect(feast).toContainText(`${feastCount}Completed orders`);
    await expect(dropOff.getByRole('region', { name: 'Party Tickets' })).toContainText(`${ticketCount}Completed orders`);

    // 2, 3. Both funnels, drawn, with every step counted.
    for (const [heading, steps] of [
      ['Feast Pack Conversion Funnel', ['Page Views', 'Added to Cart', 'Started Checkout', 'Completed Orders']],
      ['Party Ticket Conversion Funnel', ['Page Views', 'Added Tickets', 'Started Checkout', 'Completed Orders']],
    ] as const) {
      const card = section(page, heading);
      await expect(card.locator('canvas').first()).toBeVisible();
      for (const step of steps)
        await expect(card.getByRole('button', { name: new RegExp(`^${step} [1-9][\\d,]* [\\d.]+% of views$`) })).toBeVisible();
    }

    // 4. The eight links.
    await expect(section(page, 'Marketing Shareable Links').getByRole('button', { name: /^Copy .* link$/ })).toHaveCount(8);

    // 5. Attribution: a row per source, rates to one decimal, the good ones highlighted.
    const attribution = section(page, 'Marketing Attribution');
    const facebook = rows(attribution).filter({ hasText: 'diwali2024' }).filter({ hasText: 'facebook' });
    await expect(facebook).toHaveCount(1);
    await expect(facebook).toContainText(/\d+\.\d%$/);
    await expect(attribution.locator('.ant-tag-success').first()).toHaveText(/^\d+\.\d%$/);

    // 7, 8, 9. Orders, tickets with the event line, abandoned carts.
    const orders = section(page, 'Feast Pack Orders');
    await expect(rows(orders).first()).toContainText(/\$\d+\.\d\d/);
    const tickets = section(page, 'Diwali Party Tickets');
    await expect(tickets).toContainText('Event: Friday, October 24th, 2025 at Milpitas ICC');
    await expect(rows(tickets).first()).toContainText(/\d+ Adult/);
    const carts = section(page, 'Abandoned Carts - Follow Up Opportunities');
    await expect(carts).toContainText("Customers who started ticket purchase but didn't complete (30+ minutes old)");
    await expect(
      rows(carts)
        .first()
        .getByRole('link', { name: /@example\.com$/ }),
    ).toHaveAttribute('href', /^mailto:/);
    await expect(rows(carts).first().getByRole('link', { name: /555-/ })).toHaveAttribute('href', /^tel:\d+$/);
  });

  test('a funnel bar opens its events, grouped by visitor, a page at a time', async ({ page }) => {
    const chart = section(page, 'Feast Pack Conversion Funnel').getByTestId('chart-page_view').locator('canvas').first();
    await expect(chart).toBeVisible();
    // The chart draws its bars in an animation: wait for them, then click the top one.
    let bar: { x: number; y: number } | undefined;
    await expect(async () => {
      bar = await firstBarPosition(chart);
    }).toPass();
    await chart.click({ position: bar! });

    const dialog = page.getByRole('dialog', { name: 'Page Views' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Detailed analytics for [\d,]+ unique user\(s\) \([\d,]+ total events\)$/)).toBeVisible();
    const firstGroup = dialog.getByRole('region', { name: /^Session: / }).first();
    await expect(firstGroup).toBeVisible();
    expect((await firstGroup.getAttribute('aria-label'))!.replace('Session: ', '')).toHaveLength(16);
    await expect(firstGroup.getByText(/^\d+ events?$/)).toBeVisible();
    for (const column of ['Timestamp', 'Location', 'IP Address', 'Behavior', 'Device', 'Source']) {
      await expect(firstGroup.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(firstGroup.getByText(/^Scroll: \d+%$/).first()).toBeVisible();
    await expect(firstGroup.getByText(/^(Mobile|Tablet|Desktop)$/).first()).toBeVisible();

    // A hundred events first; Load more brings the next hundred.
    await expect(dialog.getByText(/^Showing 100 of [\d,]+ events$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Load more' }).click();
    await expect(dialog.getByText(/^Showing 200 of [\d,]+ events$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A completed order is an identified buyer, with their name, e-mail and phone.
    await section(page, 'Feast Pack Conversion Funnel')
      .getByRole('button', { name: /^Completed Orders \d/ })
      .click();
    const completed = page.getByRole('dialog', { name: 'Completed Orders' });
    const buyer = completed.getByRole('region', { name: 'Identified User' }).first();
    await expect(buyer).toBeVisible();
    await expect(buyer).toContainText(/@example\.com · \(408\) 555-\d{4}/);
    await expect(buyer.getByText('1 event', { exact: true })).toBeVisible();
  });

  test('search narrows the orders, and Export CSV saves the shown ones with the columns of the product description', async ({ page }) => {
    const orders = section(page, 'Feast Pack Orders');
    await expect(rows(orders).first()).toBeVisible();
    const total = Number((await page.getByRole('status', { name: /^Feast Orders: / }).getAttribute('aria-label'))!.split(': ')[1]);
    const name = (await rows(orders).first().locator('td').nth(1).innerText()).trim();

    await orders.getByRole('searchbox', { name: 'Search orders' }).fill(name);
    const showing = orders.getByText(/^Showing \d+ of \d+ orders$/);
    await expect(showing).toBeVisible();
    const [shown, of] = (await showing.innerText()).match(/\d+/g)!.map(Number);
    expect(of).toBe(total);
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(shown).toBeLessThan(total);
    await expect(rows(orders)).toHaveCount(shown);
    for (const row of await rows(orders).all()) await expect(row).toContainText(name);

    const download = page.waitForEvent('download');
    await orders.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^feast-pack-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(toast(page, 'Export successful')).toContainText(`${shown} order${shown === 1 ? '' : 's'} exported to CSV`);
    const lines = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csvCells(lines[0])).toEqual(CSV_COLUMNS);
    expect(lines).toHaveLength(shown + 1);
    for (const line of lines.slice(1)) {
      const cells = csvCells(line);
      expect(cells[1]).toBe(name);
      expect(cells[7]).toMatch(/^\d+\.\d\d$/);
    }

    await orders.getByRole('searchbox', { name: 'Search orders' }).fill('no such customer anywhere');
    await expect(orders.getByText('No orders match your search')).toBeVisible();
    await expect(orders.getByText(`Showing 0 of ${total} orders`)).toBeVisible();
  });

  test('Print opens a printable page of every order, titled with the restaurant', async ({ page }) => {
    const orders = section(page, 'Feast Pack Orders');
    await expect(rows(orders).first()).toBeVisible();
    const total = Number((await page.getByRole('status', { name: /^Feast Orders: / }).getAttribute('aria-label'))!.split(': ')[1]);
    // Searching does not narrow what is printed.
    await orders.getByRole('searchbox', { name: 'Search orders' }).fill('no such customer anywhere');
    const popup = page.waitForEvent('popup');
    await orders.getByRole('button', { name: 'Print' }).click();
    const printed = await popup;
    await expect(printed).toHaveTitle('Saffron Leaf - Feast Pack Orders');
    await expect(printed.getByRole('heading', { name: 'Saffron Leaf' })).toBeVisible();
    await expect(printed.locator('tbody tr')).toHaveCount(total);
    await expect(printed.locator('tbody tr').first().locator('td').first()).toHaveText(/^[0-9a-f-]{12}$/);
    await printed.close();
  });

  test('a marketing link copies with Link copied!', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await section(page, 'Marketing Shareable Links').getByRole('button', { name: 'Copy Party - Instagram link' }).click();
    await expect(toast(page, 'Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${BASE_URL}/diwali-party?utm_source=instagram&utm_medium=social&utm_campaign=diwali_party_2024`,
    );
  });

  test('the drinks QR page downloads a 400x400 PNG that opens the drinks menu', async ({ page }) => {
    await page.getByRole('button', { name: 'Drinks QR Code' }).click();
    await expect(page).toHaveURL(/\/admin\/drinks-qr$/);
    await expect(page.getByRole('heading', { name: 'Setup Instructions' })).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code that opens ${BASE_URL}/drinks` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('diwali-drinks-qr-code.png');
    const png = PNG.sync.read(readFileSync(await file.path()));
    expect([png.width, png.height]).toEqual([400, 400]);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(`${BASE_URL}/drinks`);
  });
});

test.describe('the staff pages, checked by axe-core', () => {
  // axe is injected as an inline script, which the page's own policy rightly refuses.
  test.use({ bypassCSP: true });

  test.beforeAll(() => {
    seedDemoData();
  });

  test('the login, the dashboard with its event dialog, and the QR page have no serious or critical violations', async ({ page }) => {
    // Four full axe-core scans, the dashboard's the largest: 26 s of a 30 s budget on a quiet
    // two-core machine, past it on a busy one. The scans are the test, so it gets more time.
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect({ page: 'login', violations: await seriousViolations(page) }).toEqual({ page: 'login', violations: [] });

    await logIn(page);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 800, height: 1100 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await expect(rows(section(page, 'Abandoned Carts - Follow Up Opportunities')).first()).toBeVisible();
      await expect(section(page, 'Party Ticket Conversion Funnel').locator('canvas').first()).toBeVisible();
      expect({ viewport, violations: await seriousViolations(page) }).toEqual({ viewport, violations: [] });

      await section(page, 'Feast Pack Conversion Funnel')
        .getByRole('button', { name: /^Started Checkout \d/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Started Checkout' }).getByText(/^Showing \d+ of/)).toBeVisible();
      expect({ viewport, dialog: true, violations: await seriousViolations(page) }).toEqual({ viewport, dialog: true, violations: [] });
    }

    await page.goto('/admin/drinks-qr');
    await expect(page.getByRole('img', { name: /^QR code that opens / })).toBeVisible();
    expect({ page: 'drinks-qr', violations: await seriousViolations(page) }).toEqual({ page: 'drinks-qr', violations: [] });
  });
});
