import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminSettings, AdminWaitlistEntry } from '../../packages/contracts/src';
import { waitForMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';
import { staffApi } from '../support/staff-api';
import { managerPage } from '../support/staff-pages';

// It needs a sold-out party: its own Playwright project, after `sold out last` and before the
// feast and next-event projects (e2e/playwright.config.ts). It ends with the offer hours back
// at 24 and no one left waiting.
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const run = Date.now().toString(36);
const guest = (name: string) => `${name}.${run}@example.com`;

const offerMail = (email: string) => (mail: DeliveredMail) =>
  mail.parsed.to?.some((to) => to.address === email) === true && /^Your waitlist tickets/.test(mail.parsed.subject ?? '');
const linkOf = (mail: DeliveredMail) => new URL(/https?:\/\/\S+\/diwali-party\?offer=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')![0]);

async function saveTickets(staff: APIRequestContext, change: Partial<AdminSettings['tickets']>): Promise<AdminSettings> {
  const settings = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
  const saved = await staff.put('/api/admin/settings/tickets', { data: { ...settings.tickets, ...change } });
  expect(saved.status()).toBe(200);
  return settings;
}

async function refundWhole(staff: APIRequestContext, orderId: string, adults: number) {
  const refunded = await staff.post(`/api/admin/party-orders/${orderId}/refunds`, {
    data: { adults, children: 0, idempotencyKey: `waitlist-${run}-${orderId}` },
  });
  expect(refunded.status()).toBe(200);
}

async function joinOnPage(page: Page, name: string, email: string, tickets: number): Promise<void> {
  await page.goto('/diwali-party');
  await expect(page.getByText('SOLD OUT')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Join the waitlist' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Tickets wanted').fill(String(tickets));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeVisible();
}

test.describe('the party waitlist', () => {
  test.setTimeout(240_000);

  test('a sold-out party takes waitlist entries; a refund offers the first by e-mail, whose link buys the held tickets; an expired offer passes on by itself', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const staff = await staffApi();
    // Its own sold-out party: two paid orders of two take the last four seats.
    const before = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
    await saveTickets(staff, { capacity: before.ticketsSoldOrHeld + 4, waitlistOfferHours: 24 });
    const orders: string[] = [];
    for (const name of ['first', 'second']) {
      const buyer = await playwright.request.newContext({ baseURL });
      orders.push(
        await buyPartyTickets(buyer, {
          customerName: 'Early Bird',
          customerEmail: guest(`early-${name}`),
          customerPhone: '(408) 555-0150',
          adultTickets: 2,
          childTickets: 0,
        }),
      );
      await buyer.dispose();
    }

    await joinOnPage(page, 'Asha Menon', guest('asha'), 2);
    await joinOnPage(page, 'Bala Iyer', guest('bala'), 2);
    await joinOnPage(page, 'Chitra Rao', guest('chitra'), 2);

    // A staff refund: the first in line is offered the two seats, by e-mail.
    await refundWhole(staff, orders[0], 2);
    const [first] = await waitForMails(offerMail(guest('asha')));
    expect(first.parsed.text).toContain('2 tickets are held for you until');
    const link = linkOf(first);

    // The link opens the normal purchase with the two held tickets filled in.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(/^Tickets held for you until /)).toBeVisible();
    await expect(page.getByText('SOLD OUT')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Increase adult tickets' })).toBeDisabled();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Menon');
    await page.getByLabel('Email').fill(guest('asha'));
    await page.getByLabel('Phone').fill('(408) 555-0151');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill(CARD.number);
    await page.getByLabel('Expiry').fill(CARD.expiry);
    await page.getByLabel('CVC').fill(CARD.cvc);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('This offer has expired')).toBeVisible();

    // Offers that end in 36 seconds: the next refund's offer passes on without staff.
    await saveTickets(staff, { waitlistOfferHours: 0.01 });
    await refundWhole(staff, orders[1], 2);
    const [second] = await waitForMails(offerMail(guest('bala')));
    const [third] = await waitForMails(offerMail(guest('chitra')), 1, 120_000);
    expect(third.parsed.text).toContain('2 tickets are held for you until');
    const expired = linkOf(second);
    await page.goto(`${expired.pathname}${expired.search}`);
    await expect(page.getByText('This offer has expired')).toBeVisible();

    // The staff page shows the line as it went.
    const manager = await managerPage(browser);
    await manager.goto('/admin/waitlist');
    // The staff remote loads on first use: allow it the time the other staff pages' specs do.
    await expect(manager.getByRole('heading', { name: 'Waitlist' })).toBeVisible({ timeout: 30_000 });
    const row = (email: string) => manager.getByRole('row').filter({ hasText: email });
    await expect(row(guest('asha'))).toContainText('Bought', { timeout: 20_000 });
    await expect(row(guest('bala'))).toContainText('Expired');
    await manager.context().close();
    const line = (await (await staff.get('/api/admin/waitlist')).json()) as AdminWaitlistEntry[];
    const statusOf = (email: string) => line.find((entry) => entry.email === email)?.status;
    expect([statusOf(guest('asha')), statusOf(guest('bala'))]).toEqual(['bought', 'expired']);
    expect(['offered', 'expired']).toContain(statusOf(guest('chitra')));

    // What the later projects find: offers of a day again, and nobody left waiting.
    await saveTickets(staff, { waitlistOfferHours: 24 });
    for (const entry of line.filter((e) => e.status === 'waiting' || e.status === 'offered')) {
      expect((await staff.delete(`/api/admin/waitlist/${entry.id}`)).status()).toBe(204);
    }
    await staff.dispose();
  });
});
