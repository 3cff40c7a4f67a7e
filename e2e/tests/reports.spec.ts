import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import type { PartyOrderDetails } from '@festival/contracts';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { changeChargeAmount } from '../support/gateway';
import { buyPartyTickets } from '../support/party-orders';
import { recordedEvents, staffApi } from '../support/staff-api';

// Everything this spec buys is credited to campaigns of its own run, so other specs' orders
// (before it, or in another run) never change what it checks.
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const CAMPAIGNS = [`reports_a_${RUN}`, `reports_b_${RUN}`];
const SOURCE = 'newsletter';
const MEDIUM = 'email';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** `$1,234.50` -> `1234.50`: a screen's money as the exports write it. */
const plain = (text: string) => text.replace(/[$,]/g, '');

interface Bought {
  orderId: string;
  paymentId: string;
  totalCents: number;
}

/**
 * A visitor arrives through a marketing link (its own browser, so its own analytics session),
 * the party page records the visit, and the visitor buys tickets in that session.
 */
async function visitAndBuy(browser: Browser, campaign: string, adultTickets: number, childTickets: number): Promise<Bought> {
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  try {
    const page = await visitor.newPage();
    await page.goto(`/diwali-party?utm_source=${SOURCE}&utm_medium=${MEDIUM}&utm_campaign=${campaign}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The tracker starts once the page is live, and keeps the session in sessionStorage.
    const sessionIdOf = () => page.evaluate(() => sessionStorage.getItem('festival.analytics.sessionId'));
    await expect.poll(sessionIdOf).toBeTruthy();
    const sessionId = await sessionIdOf();
    const api = await staffApi();
    await expect.poll(async () => (await recordedEvents(api, 'party_page_view', sessionId!)).length).toBeGreaterThan(0);
    const orderId = await buyPartyTickets(visitor.request, {
      customerName: `Reports Guest ${campaign}`,
      customerEmail: `${campaign}@example.com`,
      customerPhone: '4085550142',
      adultTickets,
      childTickets,
      sessionId: sessionId!,
    });
    const details = (await (await api.get(`/api/admin/party-orders/${orderId}`)).json()) as PartyOrderDetails;
    await api.dispose();
    return { orderId, paymentId: details.paymentReference!, totalCents: details.totalCents };
  } finally {
    await visitor.close();
  }
}

const card = (page: Page, title: string): Locator =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The cells of the `Revenue by channel` row of a campaign, as shown. */
async function channelRow(page: Page, campaign: string): Promise<string[]> {
  const row = card(page, 'Revenue by channel').getByRole('row').filter({ hasText: campaign });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').allTextContents();
}

async function netRevenue(page: Page): Promise<number> {
  const figure = page.getByRole('group', { name: 'Net revenue', exact: true });
  await expect(figure).toContainText('$', { timeout: 30_000 });
  const text = (await figure.textContent())!.replace('Net revenue', '');
  return Math.round(Number(plain(text)) * 100);
}

test('Reports: revenue by channel per campaign to the cent, reconciliation with the gateway, net after a refund, and exports read back', async ({
  browser,
  page,
}) => {
  // Two visitors' browsers, a staff page loaded twice and four downloads: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  const first = await visitAndBuy(browser, CAMPAIGNS[0], 2, 1);
  const second = await visitAndBuy(browser, CAMPAIGNS[1], 1, 0);

  const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.goto('/admin/reports');
  // The first staff page of a fresh browser downloads the admin remote and antd: on a busy two-core machine, a while.
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible({ timeout: 30_000 });

  // Each campaign: one visit, one order, its own revenue to the cent.
  expect(await channelRow(page, CAMPAIGNS[0])).toEqual([
    SOURCE,
    MEDIUM,
    CAMPAIGNS[0],
    '1',
    '1',
    dollars(first.totalCents),
    dollars(first.totalCents),
  ]);
  expect(await channelRow(page, CAMPAIGNS[1])).toEqual([
    SOURCE,
    MEDIUM,
    CAMPAIGNS[1],
    '1',
    '1',
    dollars(second.totalCents),
    dollars(second.totalCents),
  ]);

  // Reconciliation: everything matches; then the gateway's record of one payment changes behind the site's back.
  const reconciliation = card(page, 'Reconciliation');
  await expect(reconciliation.getByText('All payments match')).toBeVisible();
  changeChargeAmount(second.paymentId, second.totalCents - 100);
  try {
    await reconciliation.getByRole('button', { name: 'Check again' }).click();
    await expect(reconciliation.getByText('1 payment does not match')).toBeVisible();
    const mismatches = reconciliation.locator('tbody tr');
    await expect(mismatches).toHaveCount(1);
    await expect(mismatches.first()).toContainText('Amount differs');
    await expect(mismatches.first()).toContainText(second.orderId.slice(0, 8));
    await expect(mismatches.first()).toContainText(
      `paid ${dollars(second.totalCents)} here, ${dollars(second.totalCents - 100)} at the gateway`,
    );
  } finally {
    changeChargeAmount(second.paymentId, second.totalCents);
  }
  await reconciliation.getByRole('button', { name: 'Check again' }).click();
  await expect(reconciliation.getByText('All payments match')).toBeVisible();

  // One ticket of the first order refunded: net revenue drops by exactly the refunded cents.
  const before = await netRevenue(page);
  const api = await staffApi();
  const refunded = await api.post(`/api/admin/party-orders/${first.orderId}/refunds`, {
    data: { adults: 1, children: 0, idempotencyKey: randomUUID() },
  });
  expect(refunded.ok()).toBe(true);
  const refundCents = ((await refunded.json()) as PartyOrderDetails).refundedCents;
  expect(refundCents).toBeGreaterThan(0);
  await api.dispose();
  await page.reload();
  await expect.poll(() => netRevenue(page), { timeout: 30_000 }).toBe(before - refundCents);
  const shown = await channelRow(page, CAMPAIGNS[0]);
  expect(shown[5]).toBe(dollars(first.totalCents - refundCents));
  await expect(reconciliation.getByText('All payments match')).toBeVisible();

  // The channels exported as CSV and XLSX hold the same rows as the screen.
  const onScreen = [await channelRow(page, CAMPAIGNS[0]), await channelRow(page, CAMPAIGNS[1])].map((cells) =>
    cells.map((cell, i) => (i >= 5 ? plain(cell) : cell)),
  );
  const exports = page.getByRole('group', { name: 'Export Revenue by channel' });

  const csvDownload = page.waitForEvent('download');
  await exports.getByRole('link', { name: 'Export Revenue by channel as CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^revenue-by-channel-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvRows = parse(readFileSync(await csvFile.path()), { bom: true }) as string[][];
  expect(csvRows[0]).toEqual(['Source', 'Medium', 'Campaign', 'Visits', 'Orders', 'Revenue', 'Revenue per Visit']);
  expect(csvRows.filter((r) => CAMPAIGNS.includes(r[2]))).toEqual(onScreen);

  const xlsxDownload = page.waitForEvent('download');
  await exports.getByRole('link', { name: 'Export Revenue by channel as XLSX' }).click();
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toMatch(/^revenue-by-channel-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(await xlsxFile.path());
  expect(sheet[0]).toEqual(['Source', 'Medium', 'Campaign', 'Visits', 'Orders', 'Revenue', 'Revenue per Visit']);
  const xlsxRows = sheet
    .filter((r) => CAMPAIGNS.includes(String(r[2])))
    .map((r) => r.map((cell, i) => (i >= 5 ? Number(cell).toFixed(2) : String(cell))));
  expect(xlsxRows).toEqual(onScreen);

  // Party tickets: both orders in the export, with their totals.
  const tickets = page.getByRole('group', { name: 'Export Party tickets' });
  const ticketsDownload = page.waitForEvent('download');
  await tickets.getByRole('link', { name: 'Export Party tickets as CSV' }).click();
  const ticketRows = parse(readFileSync(await (await ticketsDownload).path()), { bom: true }) as string[][];
  const mine = ticketRows.filter((r) => r[0] === first.orderId || r[0] === second.orderId);
  expect(mine.map((r) => [r[0], r[1], r[8]]).sort()).toEqual(
    [
      [first.orderId, `Reports Guest ${CAMPAIGNS[0]}`, plain(dollars(first.totalCents))],
      [second.orderId, `Reports Guest ${CAMPAIGNS[1]}`, plain(dollars(second.totalCents))],
    ].sort(),
  );
});
