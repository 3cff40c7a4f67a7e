import { readFileSync } from 'node:fs';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { priceDrinks, type AdminDrinkOrderRow, type SiteConfig } from '@festival/contracts';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { PAYING_CARD } from '../support/party-orders';
import { seedDemoData } from '../support/seed-demo';
import { staffApi } from '../support/staff-api';

// Times on the staff pages are the browser's; the exports write the party's. One zone for both.
const PARTY_TIME_ZONE = 'America/Los_Angeles';
test.use({ timezoneId: PARTY_TIME_ZONE });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** `$1,234.50` (the first amount of a cell) -> `1234.50`: a screen's money as the exports write it. */
function money(text: string): string {
  const found = /\$[\d,]+\.\d{2}/.exec(text);
  if (!found) throw new Error(`No amount in "${text}"`);
  return found[0].replace(/[$,]/g, '');
}

/** `2026-11-20 07:04` (an export's party-time) as the staff pages show it: `Nov 20, 2026, 7:04 AM`. */
function asShown(wallTime: string): string {
  const [date, time] = wallTime.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, h, min)).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

/** `YYYY-MM-DD` `days` after (or before) `date`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The cells of a table's data rows (this page of it), as the screen shows them. */
function screenRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())));
}

/** A dashboard section by its heading. */
const section = (page: Page, heading: string): Locator =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** The count beside a section's heading. */
async function countOf(card: Locator): Promise<number> {
  return Number((await card.locator('h2 + span').textContent())!.replace(/,/g, ''));
}

interface Exported {
  header: string[];
  rows: string[][];
}

/**
 * Downloads one table of `Reports` as CSV and as XLSX (clicking the page's buttons), reads each
 * back with a real parser, and checks the two hold the same rows: money in dollars with two
 * decimals, counts as numbers, empty cells empty. Returns those rows.
 */
async function exported(page: Page, label: string, file: string, moneyColumns: readonly string[]): Promise<Exported> {
  const group = page.getByRole('group', { name: `Export ${label}` });
  const csvDownload = page.waitForEvent('download');
  await group.getByRole('link', { name: `Export ${label} as CSV` }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  // A cell that could start a formula carries an apostrophe in the CSV (formula-safe); the sheet holds it as text.
  const [csvHeader, ...csvRows] = (parse(readFileSync(await csvFile.path()), { bom: true }) as string[][]).map((row) =>
    row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, '')),
  );

  const xlsxDownload = page.waitForEvent('download');
  await group.getByRole('link', { name: `Export ${label} as XLSX` }).click();
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toMatch(new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const [xlsxHeader, ...xlsxBody] = await readSheet(await xlsxFile.path());
  expect(xlsxHeader).toEqual(csvHeader);
  const money = new Set(moneyColumns.map((name) => csvHeader.indexOf(name)));
  expect([...money].every((i) => i >= 0)).toBe(true);
  const xlsxRows = xlsxBody.map((row) =>
    csvHeader.map((_, i) => {
      const cell = row[i];
      if (cell === null || cell === undefined) return '';
      // Money is a number of dollars in the sheet, text with two decimals in the CSV.
      if (money.has(i)) {
        expect(typeof cell).toBe('number');
        return (cell as number).toFixed(2);
      }
      return String(cell);
    }),
  );
  expect(xlsxRows).toEqual(csvRows);
  return { header: csvHeader, rows: csvRows };
}

/** The column of an export by its header. */
const col = (exp: Exported, name: string) => {
  const i = exp.header.indexOf(name);
  if (i < 0) throw new Error(`No column ${name} in ${exp.header.join(', ')}`);
  return (row: string[]) => row[i];
};

/** Sets the filter's days (the picker's own text box, as a manager types). */
async function setDates(page: Page, from: string, to: string): Promise<void> {
  const all = page.getByRole('button', { name: 'All dates' });
  if (await all.isVisible()) await all.click();
  for (const [name, value] of [
    ['From', from],
    ['To', to],
  ] as const) {
    const input = page.getByRole('textbox', { name });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }
}

/** The JSON of the next answer of `path` asked with these days. */
function answerFor(page: Page, path: string, from: string, to: string): Promise<unknown> {
  return page
    .waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === path && url.searchParams.get('from') === from && url.searchParams.get('to') === to && r.ok();
    })
    .then((r) => r.json());
}

interface DrinksBought {
  payNow: { orderId: string; totalCents: number };
  tab: { tabId: string; reference: string; totalCents: number };
}

/** A guest pays for drinks at once, and another opens a tab, orders onto it and the bar closes it: today's drinks. */
async function buyDrinks(api: APIRequestContext, staff: APIRequestContext): Promise<DrinksBought> {
  const menu = (await (await api.get('/api/drinks')).json()) as { id: string; name: string; price: number; available: number }[];
  const [first, second] = menu.filter((d) => d.available > 5);
  const lines = [
    { id: first.id, name: first.name, price: first.price, quantity: 2 },
    { id: second.id, name: second.name, price: second.price, quantity: 1 },
  ];
  const total = priceDrinks(lines).totalCents;
  const created = await api.post('/api/drink-payment-intent', {
    data: { customerName: `Export Guest ${RUN}`, tableNumber: '11', items: lines, total },
  });
  expect(created.status()).toBe(200);
  const { orderId, clientSecret } = (await created.json()) as { orderId: string; clientSecret: string };
  const paid = await api.post('/api/payments/simulated/confirm', { data: { clientSecret, ...PAYING_CARD } });
  const paymentIntentId = ((await paid.json()) as { id: string }).id;
  expect((await api.post('/api/confirm-drink-payment', { data: { paymentIntentId } })).status()).toBe(200);

  const tab = await api.post('/api/drink-tab', { data: { customerName: `Export Tab ${RUN}`, tableNumber: '12' } });
  expect(tab.status()).toBe(200);
  const opened = (await tab.json()) as { tabId: string; tabToken: string; clientSecret: string };
  const saved = await api.post('/api/payments/simulated/confirm-setup', { data: { clientSecret: opened.clientSecret, ...PAYING_CARD } });
  const setupIntentId = ((await saved.json()) as { id: string }).id;
  expect(
    (await api.post('/api/drink-tab/confirm-setup', { data: { tabId: opened.tabId, setupIntentId, tabToken: opened.tabToken } })).ok(),
  ).toBe(true);
  const onTab = [{ id: second.id, name: second.name, price: second.price, quantity: 3 }];
  const ordered = await api.post(`/api/drink-tab/${opened.tabId}/orders`, {
    data: { tabToken: opened.tabToken, items: onTab, total: priceDrinks(onTab).totalCents },
  });
  expect(ordered.status()).toBe(201);
  const closed = await staff.post(`/api/admin/drink-tabs/${opened.tabId}/close`);
  expect(closed.ok()).toBe(true);
  return {
    payNow: { orderId, totalCents: total },
    tab: { tabId: opened.tabId, reference: opened.tabId.slice(0, 8).toUpperCase(), totalCents: priceDrinks(onTab).totalCents },
  };
}

test.describe('exports of the dashboard and Reports, read back', () => {
  let bought: DrinksBought;
  let today: string;

  test.beforeAll(async () => {
    seedDemoData();
    const guest = await request.newContext({ baseURL: BASE_URL });
    const site = (await (await guest.get('/api/site')).json()) as SiteConfig;
    expect(site.party.timeZone).toBe(PARTY_TIME_ZONE);
    today = new Intl.DateTimeFormat('en-CA', { timeZone: PARTY_TIME_ZONE }).format(new Date());
    const staff = await staffApi();
    bought = await buyDrinks(guest, staff);
    await staff.dispose();
    await guest.dispose();
  });

  test.beforeEach(async ({ page }) => {
    expect((await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    await page.goto('/admin');
    // The first staff page of a fresh browser downloads the admin remote and antd: on a busy two-core machine, a while.
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible({ timeout: 30_000 });
  });

  test('every table as CSV and XLSX holds the rows the screen shows for the chosen days', async ({ page }) => {
    // Two filters, two pages each, fourteen downloads: more than the default 30 s on a busy machine.
    test.setTimeout(240_000);

    // Days before today: the demo's ticket orders and abandoned carts, none of today's drinks.
    const from = addDays(today, -9);
    const to = addDays(today, -3);
    const answers = Promise.all([
      answerFor(page, '/api/party-tickets', from, to),
      answerFor(page, '/api/admin/abandoned-carts', from, to),
      answerFor(page, '/api/admin/drink-orders', from, to),
    ]);
    await setDates(page, from, to);
    const [tickets, carts, drinksBefore] = (await answers) as unknown[][];
    expect(tickets.length).toBeGreaterThan(0);
    expect(carts.length).toBeGreaterThan(0);
    expect(drinksBefore).toEqual([]);

    const ticketsCard = section(page, 'Diwali Party Tickets');
    await expect.poll(() => countOf(ticketsCard)).toBe(tickets.length);
    const ticketsShown = await screenRows(ticketsCard.getByRole('table'));
    const cartsCard = section(page, 'Abandoned Carts - Follow Up Opportunities');
    await expect.poll(() => countOf(cartsCard)).toBe(carts.length);
    const cartsShown = await screenRows(cartsCard.getByRole('table'));
    await expect(section(page, 'Drinks Orders').getByText('No drinks orders yet')).toBeVisible();

    // Reports keeps the dashboard's filter; its exports carry it.
    const report = answerFor(page, '/api/admin/reports', from, to);
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('button', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(from);
    await report;
    expect(await page.getByRole('link', { name: 'Export Party tickets as CSV' }).getAttribute('href')).toContain(`from=${from}&to=${to}`);

    const ticketsExport = await exported(page, 'Party tickets', 'party-tickets', ['Total']);
    expect(ticketsExport.header).toEqual([
      'Order ID',
      'Customer Name',
      'Email',
      'Phone',
      'Adult Tickets',
      'Child Tickets',
      'Valid Tickets',
      'Admitted',
      'Total',
      'Order Date',
      'Dispute',
      'Other tickets',
    ]);
    expect(ticketsExport.rows).toHaveLength(tickets.length);
    const orderDate = col(ticketsExport, 'Order Date');
    // Every order of the file falls within the chosen days, newest first as on screen.
    expect(ticketsExport.rows.every((r) => orderDate(r).slice(0, 10) >= from && orderDate(r).slice(0, 10) <= to)).toBe(true);
    expect(ticketsExport.rows.slice(0, ticketsShown.length).map((r) => [r[0].slice(0, 8), r[1], r[2], r[8], asShown(r[9])])).toEqual(
      ticketsShown.map((cells) => [cells[0], cells[1], cells[2].split('\n')[0], money(cells[5]), cells[6]]),
    );

    const cartsExport = await exported(page, 'Abandoned carts', 'abandoned-carts', ['Total']);
    expect(cartsExport.rows).toHaveLength(carts.length);
    expect(cartsExport.rows.slice(0, cartsShown.length).map((r) => [r[1], r[2], r[3], r[6], asShown(r[7])])).toEqual(
      cartsShown.map((cells) => [cells[0], ...cells[1].split('\n'), money(cells[3]), cells[4]]),
    );

    const noDrinks = await exported(page, 'Drinks orders', 'drink-orders', ['Subtotal', 'Tax', 'Total', 'Refunded']);
    expect(noDrinks.rows).toEqual([]);

    const daysTable = page.getByRole('table', { name: 'Revenue by day', exact: true });
    await expect(daysTable).toBeVisible();
    const daysShown = await screenRows(daysTable);
    const daysExport = await exported(page, 'Revenue by day', 'revenue-by-day', [
      'Tickets',
      'Drinks',
      'Tips (pay now)',
      'Tips (tab)',
      'Total',
    ]);
    expect(daysExport.rows.length).toBeGreaterThan(0);
    expect(daysExport.rows.every((r) => r[0] >= from && r[0] <= to)).toBe(true);
    expect(daysExport.rows.slice(0, daysShown.length)).toEqual(daysShown.map(([date, ...amounts]) => [date, ...amounts.map(money)]));

    const typesShown = await screenRows(page.getByRole('table', { name: 'Tickets by type', exact: true }));
    const typesExport = await exported(page, 'Tickets by type', 'tickets-by-type', ['Revenue']);
    expect(typesExport.header).toEqual(['Type', 'Sold', 'Refunded', 'Seats', 'Revenue']);
    expect(typesExport.rows.length).toBeGreaterThan(0);
    expect(typesExport.rows).toEqual(
      typesShown.map(([name, ...cells]) => [name, ...cells.slice(0, 3).map((n) => n.replace(/,/g, '')), money(cells[3])]),
    );

    // Today: the drinks bought for this run, on tabs and paid at once.
    const todays = Promise.all([answerFor(page, '/api/admin/reports', today, today)]);
    await setDates(page, today, today);
    await todays;
    const tabsTable = page.getByRole('table', { name: 'Tabs', exact: true });
    await expect(tabsTable.getByText(`Export Tab ${RUN}`)).toBeVisible();
    const tabsShown = await screenRows(tabsTable);
    const tabsExport = await exported(page, 'Tabs', 'tabs', ['Total']);
    const openTabs = Number((await page.getByRole('group', { name: 'Open tabs' }).textContent())!.replace(/\D*(\d+) ·.*/, '$1'));
    const closedTabs = Number((await page.getByRole('group', { name: 'Closed tabs' }).textContent())!.replace(/\D*(\d+) ·.*/, '$1'));
    expect(tabsExport.rows).toHaveLength(openTabs + closedTabs);
    expect(tabsExport.rows.slice(0, tabsShown.length).map((r) => [r[0], r[1], r[2] || '—', r[3], asShown(r[4]), r[6], r[7]])).toEqual(
      tabsShown.map((cells) => [cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], money(cells[6])]),
    );
    expect(tabsExport.rows.find((r) => r[0] === bought.tab.reference)?.[7]).toBe((bought.tab.totalCents / 100).toFixed(2));

    const itemsShown = await screenRows(page.getByRole('table', { name: 'Drinks by item', exact: true }));
    const itemsExport = await exported(page, 'Drinks by item', 'drinks-by-item', ['Revenue']);
    expect(itemsExport.rows).toEqual(itemsShown.map(([name, quantity, revenue]) => [name, quantity.replace(/,/g, ''), money(revenue)]));

    const channelsShown = await screenRows(page.getByRole('table', { name: 'Revenue by channel', exact: true }));
    const channelsExport = await exported(page, 'Revenue by channel', 'revenue-by-channel', ['Revenue', 'Revenue per Visit']);
    const blank = (cell: string) => (cell === '—' ? '' : cell);
    expect(channelsExport.rows).toEqual(
      channelsShown.map(([source, medium, campaign, visits, orders, revenue, perVisit]) => [
        source,
        medium,
        blank(campaign),
        visits.replace(/,/g, ''),
        orders.replace(/,/g, ''),
        money(revenue),
        perVisit === '—' ? '' : money(perVisit),
      ]),
    );

    await expect(daysTable.getByRole('cell', { name: today })).toBeVisible();
    const todayShown = await screenRows(daysTable);
    const todayExport = await exported(page, 'Revenue by day', 'revenue-by-day', [
      'Tickets',
      'Drinks',
      'Tips (pay now)',
      'Tips (tab)',
      'Total',
    ]);
    expect(todayExport.rows.map((r) => r[0])).toEqual([today]);
    expect(todayExport.rows).toEqual(todayShown.map(([date, ...amounts]) => [date, ...amounts.map(money)]));

    // Back on the dashboard, today's drinks orders as the table shows them, then their export.
    const drinksAnswer = answerFor(page, '/api/admin/drink-orders', today, today);
    await page.getByRole('button', { name: '← Back to Dashboard' }).click();
    const drinks = (await drinksAnswer) as AdminDrinkOrderRow[];
    const drinksCard = section(page, 'Drinks Orders');
    await expect.poll(() => countOf(drinksCard)).toBe(drinks.length);
    const drinksShown = await screenRows(drinksCard.getByRole('table'));
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('button', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const drinksExport = await exported(page, 'Drinks orders', 'drink-orders', ['Subtotal', 'Tax', 'Total', 'Refunded']);
    expect(drinksExport.header).toEqual([
      'Order ID',
      'Number',
      'Customer Name',
      'Table',
      'Items',
      'Status',
      'Tab',
      'Subtotal',
      'Tax',
      'Total',
      'Refunded',
      'Dispute',
      'Ordered',
    ]);
    expect(drinksExport.rows).toHaveLength(drinks.length);
    const itemsOf = (text: string) => text.split(/\n|; /).map((line) => line.replace(/ x (\d+)$/, ' x$1'));
    expect(
      drinksExport.rows.slice(0, drinksShown.length).map((r) => [`#${r[1]}`, r[2], r[3] || '—', itemsOf(r[4]), r[5], r[9], asShown(r[12])]),
    ).toEqual(
      drinksShown.map((cells) => [cells[0], cells[1], cells[2], itemsOf(cells[3]), cells[4].split('\n')[0], money(cells[5]), cells[6]]),
    );
    const mine = drinksExport.rows.find((r) => r[0] === bought.payNow.orderId);
    expect(mine?.slice(2, 6)).toEqual([`Export Guest ${RUN}`, '11', expect.stringMatching(/ x2; .+ x1$/), 'Paid']);
    expect(mine?.[9]).toBe((bought.payNow.totalCents / 100).toFixed(2));
    expect(drinksExport.rows.filter((r) => r[6] === bought.tab.reference).map((r) => r[5])).toEqual(['On a tab']);
  });

  test("Drinks Orders: a row opens the order's details with its lines and total, and its tab's details show the charge", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const drinksAnswer = answerFor(page, '/api/admin/drink-orders', today, today);
    await setDates(page, today, today);
    await drinksAnswer;
    const card = section(page, 'Drinks Orders');
    const row = card.getByRole('row').filter({ hasText: `Export Guest ${RUN}` });
    await row.getByRole('cell').nth(3).click();
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    const prices = drawer.getByRole('region', { name: 'Price breakdown' });
    await expect(prices).toContainText(/ × 2\$\d+\.\d{2}/);
    await expect(prices).toContainText(`Total$${(bought.payNow.totalCents / 100).toFixed(2)}`);
    await expect(drawer.getByRole('region', { name: 'Order timeline' })).toContainText('Paid');
    await drawer.getByRole('button', { name: 'Close' }).click();

    const tabRow = card.getByRole('row').filter({ hasText: `Export Tab ${RUN}` });
    await tabRow.getByRole('button', { name: `Tab details of ${bought.tab.reference}` }).click();
    await expect(drawer.getByRole('table', { name: 'Orders on the tab' })).toContainText(' × 3');
    await expect(drawer.getByRole('region', { name: 'Price breakdown' })).toContainText(
      `Charged to the card$${(bought.tab.totalCents / 100).toFixed(2)}`,
    );
    await expect(drawer.getByRole('region', { name: 'Order timeline' })).toContainText('Closed and charged');
  });
});
