import { expect, test, type Page } from '@playwright/test';
import type { PaidPartyTicketRow } from '@festival/contracts';
import { PRINTED_CODE } from '../support/door-codes';
import { E2E_ADMIN_PASSWORD } from '../support/environment';
import { waitForMails } from '../support/mailbox';
import { staffApi } from '../support/staff-api';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logIn(page: Page) {
  const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
}

/** `Arrived N of M` on the door page, as numbers. */
async function arrivals(page: Page): Promise<{ arrived: number; sold: number }> {
  const text = (await page.getByTestId('arrived').textContent()) ?? '';
  const match = /^Arrived (\d+) of (\d+)$/.exec(text);
  if (!match) throw new Error(`Unexpected arrivals text: ${text}`);
  return { arrived: Number(match[1]), sold: Number(match[2]) };
}

async function openDoor(page: Page) {
  await page.goto('/admin/door');
  // The staff remote's first load on a cold server can take a while on a small machine.
  await expect(page.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('arrived')).toHaveText(/^Arrived \d+ of \d+$/);
}

/** `Add guests` on the dashboard (adults, no children); returns the tickets section it was opened from. */
async function addGuests(page: Page, guest: { name: string; email: string; adults: number; reason: string }) {
  await page.goto('/admin');
  const tickets = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Diwali Party Tickets', exact: true }) });
  await tickets.getByRole('button', { name: 'Add guests', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add guests' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(guest.name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(guest.email);
  await dialog.getByLabel('Adults').fill(String(guest.adults));
  await dialog.getByLabel('Children').fill('0');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(guest.reason);
  await dialog.getByRole('button', { name: 'Add guests and e-mail tickets' }).click();
  return tickets;
}

test('the manager adds 2 guests without payment: a Comp order at $0, the guest e-mailed a ticket whose code admits 2 at the door', async ({
  page,
}) => {
  // The dashboard, the e-mail and the door page in one story.
  test.setTimeout(90_000);
  const name = `Lakshmi Guest ${RUN}`;
  const email = `comp-${RUN}@example.com`;
  await logIn(page);
  const tickets = await addGuests(page, { name, email, adults: 2, reason: 'Family of the chef' });

  // The new order opens in Order details: a Comp at $0.00, with its reason.
  const drawer = page.getByRole('dialog', { name: 'Order details' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(name)).toBeVisible();
  await expect(drawer.getByText('Comp', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: 'Comp reason' })).toContainText('Family of the chef');
  await expect(drawer.getByLabel('Price breakdown')).toContainText('Total$0.00');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // In the tickets table, flagged Comp with a $0.00 total.
  await tickets.getByLabel('Search tickets').fill(email);
  const row = tickets.locator('tr').filter({ hasText: name });
  await expect(row.getByText('Comp', { exact: true })).toBeVisible();
  await expect(row.getByText('$0.00')).toBeVisible();

  // The guest's ticket e-mail, with the code that admits both at the door.
  const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === email) ?? false);
  expect(mail.parsed.text).toContain('Admits 2 guests: 2 adults');
  const code = PRINTED_CODE.exec(mail.parsed.text ?? '')?.[1];
  expect(code).toBeTruthy();

  await openDoor(page);
  await page.getByLabel('Ticket code').fill(code!);
  await page.getByRole('button', { name: 'Check in' }).click();
  const result = page.getByLabel('Scan result');
  await expect(result).toContainText('Admitted: 2 guests');
  await expect(result).toContainText(name);
  await expect(result).toContainText('2 adults · 2 of 2 in');
});

test('the manager takes back a comp before its guests arrive: its tickets go back on sale and its code answers Refunded at the door', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Taken Back ${RUN}`;
  const email = `comp-back-${RUN}@example.com`;
  await logIn(page);
  const remaining = async () => ((await (await page.request.get('/api/party-ticket-stats')).json()) as { remaining: number }).remaining;
  await addGuests(page, { name, email, adults: 1, reason: 'Band member' });
  const drawer = page.getByRole('dialog', { name: 'Order details' });
  await expect(drawer.getByText(name)).toBeVisible();
  const before = await remaining();

  await drawer.getByRole('button', { name: 'Take back comp' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Take back comp' }).click();
  await expect(page.getByText('Comp taken back', { exact: true })).toBeVisible();
  await expect(drawer.getByText('comp taken back, 1 adult back on sale')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Take back comp' })).toHaveCount(0);
  expect(await remaining()).toBe(before + 1);

  const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === email) ?? false);
  const code = PRINTED_CODE.exec(mail.parsed.text ?? '')?.[1];
  expect(code).toBeTruthy();
  await openDoor(page);
  await page.getByLabel('Ticket code').fill(code!);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByLabel('Scan result')).toContainText('Refunded');
});

test('Sell at the door for cash: the ticket is issued already checked in and counted in Arrived', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Walk-in ${RUN}`;
  await logIn(page);
  await openDoor(page);
  const before = await arrivals(page);

  await page.getByRole('button', { name: 'Sell at the door' }).click();
  await page.getByLabel('Adults').fill('2');
  await page.getByLabel('Children').fill('0');
  await page.getByLabel('Name (optional)').fill(name);
  await expect(page.getByTestId('door-sale-total')).toHaveText(/^Total \$\d+\.\d{2} for 2 adults$/);
  const total = /\$\d+\.\d{2}/.exec((await page.getByTestId('door-sale-total').textContent()) ?? '')![0];
  await page.getByRole('button', { name: 'Cash received: sell and check in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sold 2 adults' })).toContainText(`Sold 2 adults for ${total} in cash`);
  await expect(page.getByText(/^2 admitted · order [0-9A-F]{8}$/)).toBeVisible();

  // Arrived counts both at once (other doors may add to it meanwhile).
  await expect.poll(async () => (await arrivals(page)).arrived - before.arrived).toBeGreaterThanOrEqual(2);
  await expect.poll(async () => (await arrivals(page)).sold - before.sold).toBeGreaterThanOrEqual(2);

  // The staff's list: a paid cash order, both guests in.
  const api = await staffApi();
  const rows = (await (await api.get('/api/party-tickets')).json()) as PaidPartyTicketRow[];
  const sold = rows.find((r) => r.customerName === name);
  expect(sold).toMatchObject({ paymentMethod: 'cash', comp: false, adultTickets: 2, childTickets: 0, admitted: 2 });
  expect(`$${(sold!.totalAmount / 100).toFixed(2)}`).toBe(total);
  await api.dispose();

  // The door search finds the guests already in.
  await page.getByLabel('Search guests').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByLabel('Guests found')).toContainText('2 adults · 2 of 2 in');
});

test('Sell at the door by card: the gateway card form takes the payment, then the guest is checked in', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Card walk-in ${RUN}`;
  await logIn(page);
  await openDoor(page);
  const before = await arrivals(page);

  await page.getByRole('button', { name: 'Sell at the door' }).click();
  await page.getByLabel('Adults').fill('1');
  await page.getByLabel('Children').fill('0');
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByRole('radio', { name: 'Card' }).check();
  await expect(page.getByTestId('door-sale-total')).toHaveText(/^Total \$\d+\.\d{2} for 1 adult$/);
  const total = /\$\d+\.\d{2}/.exec((await page.getByTestId('door-sale-total').textContent()) ?? '')![0];
  await page.getByRole('button', { name: 'Take card payment' }).click();

  // The simulated gateway's card form, as on the party page.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Charge ${total} and check in` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sold 1 adult' })).toContainText(`Sold 1 adult for ${total} by card`);
  await expect(page.getByText(/^1 admitted · order [0-9A-F]{8}$/)).toBeVisible();
  await expect.poll(async () => (await arrivals(page)).arrived - before.arrived).toBeGreaterThanOrEqual(1);

  const api = await staffApi();
  const rows = (await (await api.get('/api/party-tickets')).json()) as PaidPartyTicketRow[];
  expect(rows.find((r) => r.customerName === name)).toMatchObject({ paymentMethod: 'card', comp: false, adultTickets: 1, admitted: 1 });
  await api.dispose();
});
