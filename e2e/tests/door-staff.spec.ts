import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { normaliseTicketCode, orderReference } from '../../packages/contracts/src/index';
import { E2E_ADMIN_PASSWORD } from '../support/environment';
import { waitForMails } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';

const BUYER = { customerName: 'Nila Subramanian', customerEmail: 'nila.subramanian@example.com', customerPhone: '(408) 555-0177' };

async function logIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
}

/**
 * A guest buys 2 adult and 1 child tickets (through the API, as the party page would); returns
 * the order id and the ticket code as the confirmation e-mail prints it, in groups of four.
 */
async function buyTickets(api: APIRequestContext): Promise<{ orderId: string; printedCode: string }> {
  const orderId = await buyPartyTickets(api, { ...BUYER, adultTickets: 2, childTickets: 1 });
  const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === BUYER.customerEmail) ?? false);
  const printedCode = /Ticket code, if the QR code cannot be scanned:\n([A-Z2-7 ]+)\n/.exec(mail.parsed.text ?? '')?.[1] ?? '';
  expect(printedCode).toMatch(/^([A-Z2-7]{4} ){31}[A-Z2-7]{4}$/);
  return { orderId, printedCode };
}

test.describe('the door’s staff views', () => {
  test('the bar redeems a ticket’s complimentary drinks, and the dashboard shows who is in and prints the door list', async ({ page }) => {
    test.setTimeout(90_000);
    const { orderId, printedCode } = await buyTickets(page.request);
    const reference = orderReference(orderId);
    await logIn(page);

    // The bar: the code typed as printed, then Enter (as a handheld scanner does).
    await page.goto('/admin/bar');
    await page.getByRole('tab', { name: 'Complimentary Drinks' }).click();
    const field = page.getByLabel('Ticket code');
    await field.fill(printedCode);
    await field.press('Enter');
    const answer = page.getByRole('status').filter({ hasText: 'complimentary' });
    await expect(answer).toContainText('2 complimentary drinks left');
    await expect(answer).toContainText(`Ticket ${reference}: 1 redeemed just now`);
    // The rest of the group at once.
    await page.getByRole('button', { name: 'One drink more' }).click();
    await expect(page.getByLabel('Drinks to redeem')).toHaveValue('2');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(answer).toContainText('0 complimentary drinks left');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No complimentary drinks left' })).toBeVisible();

    // The door admits two of the three (its page is still to come: through the API).
    const admitted = await page.request.post('/api/admin/check-ins', { data: { code: normaliseTicketCode(printedCode), guests: 2 } });
    expect(((await admitted.json()) as { result: string }).result).toBe('admitted');

    // The dashboard: the order's check-in state, found by its reference.
    await page.goto('/admin');
    const tickets = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Diwali Party Tickets', exact: true }) });
    await tickets.getByRole('searchbox', { name: 'Search tickets' }).fill(reference);
    const row = tickets.locator('tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(BUYER.customerName);
    await expect(row).toContainText('2 of 3 in');

    // The door list: every paid order, this one with its reference, tickets and a box to tick.
    const popup = page.waitForEvent('popup');
    await tickets.getByRole('button', { name: 'Print door list' }).click();
    const printed = await popup;
    await expect(printed).toHaveTitle(/ - Door List$/);
    const line = printed.locator('tbody tr').filter({ hasText: reference });
    await expect(line.locator('td')).toHaveText(['', BUYER.customerName, reference, '2 adults, 1 child', '2 of 3 in']);
    await expect(line.locator('span.box')).toBeVisible();
    await printed.close();
  });
});
