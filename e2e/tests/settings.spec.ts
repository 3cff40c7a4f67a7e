import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdminSettings, TicketSettings } from '../../packages/contracts/src/settings';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { waitForMails } from '../support/mailbox';
import { buyPartyTickets, PAYING_CARD } from '../support/party-orders';
import { staffApi } from '../support/staff-api';

const remainingTickets = async (api: APIRequestContext): Promise<number> =>
  ((await (await api.get('/api/party-ticket-stats')).json()) as { remaining: number }).remaining;

/** The manager on /admin/settings, reached from the dashboard header's `Settings`. */
async function openSettings(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  expect((await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  return page;
}

/** A new visitor (no cache) on /diwali-party. */
async function visitParty(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await page.goto('/diwali-party');
  await expect(page.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
  return page;
}

/**
 * New visitors on /diwali-party until one sees `text`: through nginx the site configuration the
 * page fetches may be a second old, and a browser keeps the one it got a minute (max-age=60,
 * docs/performance-caching.md), so a reload would show the old one again: each try is a new
 * visitor with an empty cache.
 */
async function visitPartyUntil(browser: Browser, text: string): Promise<Page> {
  let page: Page | undefined;
  await expect(async () => {
    await page?.context().close();
    page = await visitParty(browser);
    // Long enough for the page to hydrate on a busy machine before another visitor comes.
    await expect(page.getByText(text)).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  return page as Page;
}

test.describe('settings', () => {
  let staff: APIRequestContext;
  let original: TicketSettings;
  let before: AdminSettings;

  test.beforeEach(async () => {
    staff = await staffApi();
    before = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
    original = before.tickets;
  });

  // Every other spec sells at the defaults: the sections go back as they were.
  test.afterEach(async () => {
    expect((await staff.put('/api/admin/settings/tickets', { data: original })).ok()).toBe(true);
    expect((await staff.put('/api/admin/settings/event', { data: before.event })).ok()).toBe(true);
    expect((await staff.put('/api/admin/settings/restaurant', { data: before.restaurant })).ok()).toBe(true);
    await staff.dispose();
  });

  test('the manager renames and moves the party and changes the restaurant phone; the guest pages follow', async ({ browser }) => {
    test.slow();
    const manager = await openSettings(browser);
    const event = manager.getByRole('region', { name: 'Event' });
    await event.getByLabel('Title').fill('Diwali DJ Night Encore');
    await event.getByLabel('Date').fill('2026-10-23');
    await event.getByLabel('Date').press('Tab');
    await event.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved')).toBeVisible();
    const restaurant = manager.getByRole('region', { name: 'Restaurant' });
    await restaurant.getByLabel('Phone').fill('(408) 555-0188');
    await restaurant.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved').first()).toBeVisible();

    const guest = await visitPartyUntil(browser, 'Friday, October 23, 2026');
    await expect(guest.getByRole('heading', { level: 1, name: 'Diwali DJ Night Encore' })).toBeVisible();
    await guest.goto('/');
    await expect(guest.getByText('(408) 555-0188').first()).toBeVisible();
    const saved = ((await (await staff.get('/api/admin/settings')).json()) as AdminSettings).event;
    expect(saved).toMatchObject({ startsAt: '2026-10-23T19:00:00-07:00', endsAt: '2026-10-23T23:00:00-07:00' });
    await manager.context().close();
  });

  test('the manager raises the adult price and the capacity; new visitors pay the new price, an earlier order keeps its total', async ({
    browser,
    request,
  }) => {
    test.slow();
    // An order paid before the change: one adult at $49.99 with 9.38 % tax.
    const stamp = Date.now();
    const earlierEmail = `settings.before.${stamp}@example.com`;
    const earlierBuyer = await browser.newContext({ baseURL: BASE_URL });
    await buyPartyTickets(earlierBuyer.request, {
      customerName: 'Priya Beforechange',
      customerEmail: earlierEmail,
      customerPhone: '4085550142',
      adultTickets: 1,
      childTickets: 0,
    });
    await earlierBuyer.close();
    const [firstMail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === earlierEmail) ?? false);
    expect(firstMail.parsed.text).toContain('Total paid: $54.68');
    const remainingBefore = await remainingTickets(request);

    const manager = await openSettings(browser);
    const tickets = manager.getByRole('region', { name: 'Tickets' });
    await expect(tickets.getByLabel('Adult price')).toHaveValue('49.99');
    const capacity = Number(await tickets.getByLabel('Capacity').inputValue());
    await tickets.getByLabel('Adult price').fill('54.99');
    await tickets.getByLabel('Capacity').fill(String(capacity + 10));
    await tickets.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved')).toBeVisible();

    // The page's HTML itself has the new price, before any script runs (the API renders it
    // again, also behind nginx, whose copy is at most a second old).
    const noScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await expect(async () => {
      await plain.goto('/diwali-party');
      await expect(plain.locator('.party-hero').getByText(/^Adults \$54\.99/)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await noScript.close();

    // A new visitor sees the new price and ten more tickets (through nginx the stats may be a second old).
    const guest = await visitParty(browser);
    await expect(guest.getByText('$54.99').first()).toBeVisible();
    await expect.poll(() => remainingTickets(request)).toBe(remainingBefore + 10);
    await guest.getByRole('button', { name: 'Increase adult tickets' }).click();
    // $54.99 + 9.38 % tax ($5.16)
    await expect(guest.getByTestId('order-total')).toHaveText('$60.15');
    await guest.getByRole('button', { name: 'Continue', exact: true }).click();
    const newEmail = `settings.after.${stamp}@example.com`;
    await guest.getByLabel('First name').fill('Rohan');
    await guest.getByLabel('Last name').fill('Afterchange');
    await guest.getByLabel('Email').fill(newEmail);
    await guest.getByLabel('Phone').fill('(408) 555-0143');
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(guest.getByTestId('payment-total')).toHaveText('$60.15');
    await guest.getByLabel('Card number').fill(PAYING_CARD.cardNumber);
    await guest.getByLabel('Expiry').fill(PAYING_CARD.expiry);
    await guest.getByLabel('CVC').fill(PAYING_CARD.cvc);
    await guest.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(guest.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    const [newMail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === newEmail) ?? false);
    expect(newMail.parsed.text).toContain('Total paid: $60.15');

    // The earlier order keeps its total on the dashboard, and in its e-mail sent again now.
    await manager.goto('/admin');
    const rowOf = (name: string) => manager.getByRole('row').filter({ hasText: name });
    // The dashboard loads every section at once: on a busy machine that takes a while.
    await expect(rowOf('Priya Beforechange')).toContainText('$54.68', { timeout: 30_000 });
    await expect(rowOf('Rohan Afterchange')).toContainText('$60.15');
    await rowOf('Priya Beforechange').getByRole('button', { name: 'Resend the tickets of Priya Beforechange' }).click();
    await manager.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(manager.getByText('Tickets e-mailed again')).toBeVisible();
    const mails = await waitForMails((m) => m.parsed.to?.some((a) => a.address === earlierEmail) ?? false, 2);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.parsed.text).toContain('Total paid: $54.68');
    await manager.context().close();
  });

  test('a closed sale window says when sales open or that they have ended, and the API refuses to hold tickets', async ({
    browser,
    request,
  }) => {
    test.slow();
    const manager = await openSettings(browser);
    const tickets = manager.getByRole('region', { name: 'Tickets' });
    // Typed in the party's time zone (Pacific): 10:00 AM there.
    await tickets.getByLabel('Sale opens').fill('2030-01-01 10:00');
    await tickets.getByLabel('Sale opens').press('Tab');
    await tickets.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved')).toBeVisible();
    const saved = ((await (await staff.get('/api/admin/settings')).json()) as AdminSettings).tickets;
    expect(saved.saleOpensAt).toBe('2030-01-01T10:00:00-08:00');

    const opensLater = 'Ticket sales open on Tuesday, January 1, 2030 at 10:00 AM';
    const early = await visitPartyUntil(browser, opensLater);
    await early.getByRole('button', { name: 'Increase adult tickets' }).click();
    await expect(early.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
    const buyer = {
      customerName: 'Early Bird',
      customerEmail: 'early.bird@example.com',
      customerPhone: '4085550144',
      adultTickets: 1,
      childTickets: 0,
    };
    const quote = (await (await request.post('/api/party-quote', { data: { adultTickets: 1, childTickets: 0 } })).json()) as {
      totalCents: number;
    };
    const refusedEarly = await request.post('/api/party-payment-intent', { data: { ...buyer, totalAmount: quote.totalCents } });
    expect(refusedEarly.status()).toBe(409);
    expect(((await refusedEarly.json()) as { message: string }).message).toBe(opensLater);

    // Sales that closed an hour ago.
    const closed = { ...saved, saleOpensAt: null, saleClosesAt: new Date(Date.now() - 3_600_000).toISOString() };
    expect((await staff.put('/api/admin/settings/tickets', { data: closed })).ok()).toBe(true);
    const late = await visitPartyUntil(browser, 'Ticket sales have ended');
    await late.getByRole('button', { name: 'Increase adult tickets' }).click();
    await expect(late.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
    const refusedLate = await request.post('/api/party-payment-intent', { data: { ...buyer, totalAmount: quote.totalCents } });
    expect(refusedLate.status()).toBe(409);
    expect(((await refusedLate.json()) as { message: string }).message).toBe('Ticket sales have ended');
    await manager.context().close();
  });

  test('a capacity below the tickets already sold and a sale closing before it opens are refused beside their fields, and nothing changes', async ({
    browser,
  }) => {
    test.slow();
    const manager = await openSettings(browser);
    const tickets = manager.getByRole('region', { name: 'Tickets' });
    const capacity = await tickets.getByLabel('Capacity').inputValue();
    const { ticketsSoldOrHeld } = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
    expect(ticketsSoldOrHeld).toBeGreaterThan(0);
    await expect(tickets.getByText(`${ticketsSoldOrHeld} sold or held`)).toBeVisible();
    await tickets.getByLabel('Capacity').fill('0');
    await tickets.getByRole('button', { name: 'Save' }).click();
    await expect(tickets.getByText(/^Capacity cannot be below the \d+ tickets? already sold or held$/)).toBeVisible();
    // A sale that closes before it opens is caught by the shared contracts before it is sent.
    await tickets.getByLabel('Capacity').fill(capacity);
    await tickets.getByLabel('Sale opens').fill('2030-01-02 10:00');
    await tickets.getByLabel('Sale opens').press('Tab');
    await tickets.getByLabel('Sale closes').fill('2030-01-01 10:00');
    await tickets.getByLabel('Sale closes').press('Tab');
    await tickets.getByRole('button', { name: 'Save' }).click();
    await expect(tickets.getByText('Ticket sales cannot close before they open')).toBeVisible();
    expect(((await (await staff.get('/api/admin/settings')).json()) as AdminSettings).tickets).toEqual(original);
    await manager.context().close();
  });
});
