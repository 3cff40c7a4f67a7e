import { expect, test, type Page } from '@playwright/test';
import type { PartyOrderDetails } from '@festival/contracts';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { gatewayRefundedCents } from '../support/gateway';
import { deliveredMails, waitForMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';
import { staffApi } from '../support/staff-api';

const isRefundMailTo = (email: string) => (mail: DeliveredMail) =>
  (mail.parsed.to?.some((a) => a.address === email) ?? false) && /^Refund for your/.test(mail.parsed.subject ?? '');

const remaining = async (page: Page): Promise<number> =>
  ((await (await page.request.get('/api/party-ticket-stats')).json()) as { remaining: number }).remaining;

/** `Net revenue` on /admin/reports, in cents. */
async function netRevenue(page: Page): Promise<number> {
  await page.goto('/admin/reports');
  const figure = page.getByRole('group', { name: 'Net revenue', exact: true });
  await expect(figure).toContainText('$', { timeout: 30_000 });
  const text = (await figure.textContent())!.replace('Net revenue', '');
  return Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
}

test('staff open a paid order from the dashboard, refund one ticket (clicking Refund twice refunds once): the gateway refunds its share with tax, it goes back on sale, the timeline shows it, the buyer gets one refund e-mail, and net revenue drops by the same cents', async ({
  browser,
  page,
}) => {
  const email = `refund-${Date.now()}@example.com`;
  const name = 'Padma Subramanian';
  const buyer = await browser.newContext({ baseURL: BASE_URL });
  const orderId = await buyPartyTickets(buyer.request, {
    customerName: name,
    customerEmail: email,
    customerPhone: '4085550188',
    adultTickets: 2,
    childTickets: 1,
  });
  await buyer.close();
  await waitForMails((m) => (m.parsed.to?.some((a) => a.address === email) ?? false) && /^Your tickets/.test(m.parsed.subject ?? ''));

  test.setTimeout(120_000);
  const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  const netBefore = await netRevenue(page);
  const remainingBefore = await remaining(page);
  await page.goto('/admin');
  const tickets = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Diwali Party Tickets', exact: true }) });
  await tickets.getByLabel('Search tickets').fill(email);
  await tickets.getByRole('button', { name: `Order details of ${name}` }).click();

  const drawer = page.getByRole('dialog', { name: 'Order details' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(email, { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Price breakdown')).toContainText('Total');
  await drawer.getByLabel('Adults to refund').fill('1');
  await expect(drawer.getByText(/^Refund amount: \$\d+\.\d{2}$/)).toBeVisible();
  const refund = drawer.getByRole('button', { name: 'Refund', exact: true });
  await refund.dblclick();

  const timeline = drawer.getByLabel('Order timeline');
  await expect(timeline).toContainText('Refunded');
  await expect(timeline).toContainText('1 adult refunded');
  await expect(drawer.getByText('1 adult, 1 child')).toBeVisible();

  const api = await staffApi();
  const details = (await (await api.get(`/api/admin/party-orders/${orderId}`)).json()) as PartyOrderDetails;
  expect(details.refunds.filter((r) => r.status === 'succeeded')).toHaveLength(1);
  expect(details).toMatchObject({ validAdults: 1, validChildren: 1, status: 'paid' });
  // One adult's share of the total, tax and discounts included, to the cent: at the gateway too.
  const share = Math.round((details.totalCents * details.adultPriceCents) / details.subtotalCents);
  expect(details.refundedCents).toBe(share);
  expect(gatewayRefundedCents(details.paymentReference!)).toBe(share);
  expect(await remaining(page)).toBe(remainingBefore + 1);

  await waitForMails(isRefundMailTo(email));
  // Nothing more follows: one refund, one e-mail.
  await page.waitForTimeout(1_500);
  expect((await deliveredMails()).filter(isRefundMailTo(email))).toHaveLength(1);
  await api.dispose();

  // Reports: net revenue lower by exactly the refunded cents.
  expect(await netRevenue(page)).toBe(netBefore - share);
});
