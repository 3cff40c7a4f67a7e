import { expect, test, type Page } from '@playwright/test';
import type { AdminSettings } from '../../packages/contracts/src/settings';
import type { SeasonsResponse } from '../../packages/contracts/src/seasons';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { seedDemoData } from '../support/seed-demo';

// Starting the next event puts a new party on sale for the whole server: it runs after every
// other spec, the sold-out one included (its own Playwright project, e2e/playwright.config.ts).

const HOUR = 3_600_000;

const partyFunnel = (page: Page) => page.getByRole('list', { name: 'Party Ticket Conversion Funnel steps' });
const feastFunnel = (page: Page) => page.getByRole('list', { name: 'Feast Pack Conversion Funnel steps' });

async function ticketCount(page: Page): Promise<number> {
  const badge = page.getByRole('status', { name: /^Party Tickets: \d+$/ });
  await expect(badge).toBeVisible({ timeout: 30_000 });
  return Number((await badge.getAttribute('aria-label'))!.split(': ')[1]);
}

test.describe('seasons', () => {
  test('Start next event: the new event is on sale with 0 sold and its own funnel; the last one is kept as it was', async ({
    page,
    browser,
  }) => {
    // Many page loads of the staff app, on a machine that may be busy.
    test.setTimeout(240_000);
    // The demo's orders and visits (once per server: the dashboard spec has usually seeded them).
    seedDemoData();
    expect((await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    const { events: before } = (await (await page.request.get('/api/admin/events')).json()) as SeasonsResponse;
    const last = before.find((event) => event.status === 'on-sale')!;

    // The event on sale, as the dashboard shows it before.
    await page.goto('/admin');
    // The admin app's code may take a while on a busy machine.
    await expect(page.getByRole('combobox', { name: 'Event' })).toBeVisible({ timeout: 30_000 });
    const sold = await ticketCount(page);
    expect(sold).toBeGreaterThan(0);
    await expect(partyFunnel(page)).toBeVisible();
    const partySteps = (await partyFunnel(page).textContent())!;
    const feastSteps = (await feastFunnel(page).textContent())!;

    // The party on sale is moved to tonight, running now (3 more hours), and back afterwards: the
    // next event cannot start while it is on.
    const { event: asItWas } = (await (await page.request.get('/api/admin/settings')).json()) as AdminSettings;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const tonight = { ...asItWas, startsAt: iso(now - HOUR), endsAt: iso(now + 3 * HOUR) };
    expect((await page.request.put('/api/admin/settings/event', { data: tonight })).ok()).toBe(true);

    // The manager starts the next one: the confirmation wants the name of the event that ends.
    await page.goto('/admin/settings');
    const seasons = page.getByRole('region', { name: 'Seasons' });
    await expect(seasons).toBeVisible({ timeout: 30_000 });
    await seasons.getByLabel('Next event title').fill('Diwali DJ Night 2027');
    await seasons.getByLabel('Next event date').fill('2027-10-30');
    await seasons.getByLabel('Next event date').press('Tab');
    await seasons.getByRole('button', { name: 'Start next event' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start Diwali DJ Night 2027 on 2027-10-30?' });
    await expect(confirm).toContainText(`${last.name} becomes a past event`);
    const startIt = confirm.getByRole('button', { name: 'Start next event' });
    await expect(startIt).toBeDisabled();
    const typedName = confirm.getByLabel(`Type ${last.name} to end it`);
    await typedName.fill(last.name.toUpperCase());
    await expect(startIt).toBeDisabled();
    await typedName.fill(last.name);
    await expect(startIt).toBeEnabled();

    // Tonight's party is on: the API refuses, naming when it ends; nothing changed.
    await startIt.click();
    const at = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: tonight.timeZone, ...options }).format(new Date(tonight.endsAt));
    const ends = `${at({ hour: 'numeric', minute: '2-digit' })} on ${at({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}`;
    await expect(confirm.getByRole('alert')).toHaveText(`${tonight.name} runs until ${ends}; start the next event after it ends`);
    const { events: during } = (await (await page.request.get('/api/admin/events')).json()) as SeasonsResponse;
    expect(during.map((event) => event.status)).toEqual(before.map((event) => event.status));

    // Once it is over (the party back where it was), the same confirmation starts the next event.
    expect((await page.request.put('/api/admin/settings/event', { data: asItWas })).ok()).toBe(true);
    await startIt.click();
    await expect(page.getByText('Next event started')).toBeVisible();
    await expect(seasons.getByRole('row', { name: /Diwali DJ Night 2027 2027-10-30 On sale/ })).toBeVisible({ timeout: 30_000 });
    await expect(seasons.getByRole('row', { name: new RegExp(`${last.date} Past`) })).toBeVisible();

    // A new visitor finds it on sale, every ticket of its capacity left (the last one sold out).
    const { tickets } = (await (await page.request.get('/api/admin/settings')).json()) as AdminSettings;
    await expect
      .poll(async () => ((await (await page.request.get('/api/party-ticket-stats')).json()) as { remaining: number }).remaining)
      .toBe(tickets.capacity);
    const visitor = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await expect(async () => {
      await visitor.goto('/diwali-party');
      await expect(visitor.getByRole('heading', { name: 'Diwali DJ Night 2027' })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(visitor.getByText('SOLD OUT')).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Increase adult tickets' })).toBeEnabled();
    await visitor.context().close();

    // The dashboard shows the new event: nothing sold, its own funnel.
    await page.goto('/admin');
    await expect(page.getByRole('combobox', { name: 'Event' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Diwali DJ Night 2027 — 2027-10-30 (on sale)')).toBeVisible();
    expect(await ticketCount(page)).toBe(0);
    await expect(partyFunnel(page).getByRole('button', { name: /^Completed Orders 0/ })).toBeVisible();
    await expect(partyFunnel(page)).not.toHaveText(partySteps);

    // Back to the last event: its orders and funnels as they were, read-only.
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${last.name} — ${last.date}` })
      .click();
    await expect(page.getByText(`${last.name} (${last.date}) is a past event`)).toBeVisible();
    await expect(page.getByRole('status', { name: `Party Tickets: ${sold}` })).toBeVisible({ timeout: 30_000 });
    await expect(partyFunnel(page)).toHaveText(partySteps, { timeout: 30_000 });
    await expect(feastFunnel(page)).toHaveText(feastSteps, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  });
});
