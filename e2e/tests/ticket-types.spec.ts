import { expect, test } from '@playwright/test';
import { isoToZonedWallTime, type AdminTicketTypesResponse, type TicketTypeInput } from '../../packages/contracts/src/index';
import { PRINTED_CODE, typeCode } from '../support/door-codes';
import { waitForMails } from '../support/mailbox';
import { staffApi } from '../support/staff-api';
import { managerPage } from '../support/staff-pages';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const HOUR = 3_600_000;

test.describe('ticket types', () => {
  // The door admits while the party is on; the Event section and the types go back as they were
  // afterwards (the table stays sold, hidden), so every other spec sees the spec's party page.
  let eventBefore: unknown;
  test.beforeAll(async () => {
    const api = await staffApi();
    eventBefore = ((await (await api.get('/api/admin/settings')).json()) as { event: unknown }).event;
    const event = {
      ...(eventBefore as object),
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 4 * HOUR).toISOString(),
    };
    expect((await api.put('/api/admin/settings/event', { data: event })).ok()).toBe(true);
    await api.dispose();
  });
  test.afterAll(async () => {
    const api = await staffApi();
    expect((await api.put('/api/admin/settings/event', { data: eventBefore })).ok()).toBe(true);
    const { types } = (await (await api.get('/api/admin/ticket-types')).json()) as AdminTicketTypesResponse;
    const restored: TicketTypeInput[] = types.map(({ taken: _taken, builtIn, ...type }) => ({
      ...type,
      priceSteps: [],
      hidden: builtIn === null ? true : type.hidden,
    }));
    expect((await api.put('/api/admin/ticket-types', { data: { types: restored } })).ok()).toBe(true);
    expect(((await (await api.get('/api/site')).json()) as { party: object }).party).not.toHaveProperty('sellsTicketTypes');
    await api.dispose();
  });

  test('the manager adds a VIP Table for 8 and an early-bird adult price; a guest buys a table at the server’s total; the door admits 8 and not a 9th', async ({
    page,
    browser,
  }) => {
    // Three people in turn (the manager, a guest, the door), each in a browser of their own.
    test.setTimeout(180_000);
    // 1. The manager, in Settings: a VIP Table (8 seats, 2 tables) and an adult early-bird price for a month.
    const manager = await managerPage(browser);
    await manager.goto('/admin/settings');
    const section = manager.getByRole('region', { name: 'Ticket types' });
    await expect(section.getByLabel('Ticket type 1 name')).toHaveValue('Adult', { timeout: 30_000 });
    await section.getByRole('button', { name: 'Add ticket type' }).click();
    await section.getByLabel('Ticket type 3 name').fill('VIP Table');
    await section.getByLabel('Ticket type 3 description').fill('A table for eight by the dance floor');
    await section.getByLabel('Ticket type 3 price').fill('400');
    await section.getByLabel('Ticket type 3 seats per ticket').fill('8');
    await section.getByLabel('Ticket type 3 capacity').fill('2');
    const { party } = (await (await manager.request.get('/api/site')).json()) as { party: { timeZone: string } };
    const until = isoToZonedWallTime(new Date(Date.now() + 30 * 24 * HOUR).toISOString(), party.timeZone);
    await section.getByRole('button', { name: 'Add early-bird price to ticket type 1' }).click();
    await section.getByLabel('Ticket type 1 early-bird 1 price').fill('39.99');
    await section.getByLabel('Ticket type 1 early-bird 1 until').fill(until);
    await section.getByRole('button', { name: 'Save ticket types' }).click();
    await expect(manager.getByText('Ticket types saved')).toBeVisible();
    await manager.context().close();

    // 2. A guest sees both counters and the early-bird line, and buys one table.
    await page.goto('/diwali-party');
    await expect(page.getByText(/^Early bird — \$39\.99 until /)).toBeVisible();
    await expect(page.getByText('VIP Table', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Increase VIP Table tickets' }).click();
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    await expect(breakdown).toContainText('VIP Table × 1');
    // $400.00 and 9.38 % tax: the server's total, the one the payment takes.
    await expect(page.getByTestId('order-total')).toHaveText('$437.52');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const email = `vip.table.${Date.now()}@example.com`;
    await page.getByLabel('First name').fill('Kavya');
    await page.getByLabel('Last name').fill('Subramanian');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(408) 555-0188');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByTestId('payment-total')).toHaveText('$437.52');
    await page.getByLabel('Card number').fill(CARD.number);
    await page.getByLabel('Expiry').fill(CARD.expiry);
    await page.getByLabel('CVC').fill(CARD.cvc);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    await expect(page.getByText('Admits 8 guests: 1 VIP Table', { exact: false })).toBeVisible();

    const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === email) ?? false);
    expect(mail.parsed.text).toContain('VIP Table × 1');
    expect(mail.parsed.text).toContain('Admits 8 guests: 1 VIP Table');
    const code = PRINTED_CODE.exec(mail.parsed.text ?? '')?.[1];
    expect(code).toBeTruthy();

    // 3. At the door: the table's one code admits 8, and a 9th is refused.
    const door = await managerPage(browser);
    await door.goto('/admin/door');
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });
    await typeCode(door, code!, 8);
    const result = door.getByLabel('Scan result');
    await expect(result).toContainText('Admitted: 8 guests');
    await expect(result).toContainText('8 of 8 in');
    await typeCode(door, code!, 1);
    await expect(result).toContainText('Already checked in');
    await expect(result).toContainText('8 of 8 in');
    await door.context().close();
  });
});
