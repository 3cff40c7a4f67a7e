import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Campaign, CampaignAudienceCount } from '../../packages/contracts/src/campaigns';
import type { SeasonsResponse } from '../../packages/contracts/src/seasons';
import type { AdminSettings } from '../../packages/contracts/src/settings';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { REFUSED_MAIL_DOMAIN, waitForMails, deliveredMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets, PAYING_CARD } from '../support/party-orders';
import { staffApi } from '../support/staff-api';

const RUN = Date.now();
const HOUR = 3_600_000;
const FAN = `news-fan-${RUN}@example.com`;
const QUIET = `quiet-buyer-${RUN}@example.com`;
const LEAVING = `leaving-${RUN}@example.com`;
const GONE = `gone-${RUN}@${REFUSED_MAIL_DOMAIN}`;

/** The toast with this title. */
function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** A guest buys one adult ticket on the party page, the news box ticked or left as it is. */
async function buyOnPartyPage(browser: Browser, customerEmail: string, tickNews: boolean): Promise<void> {
  const guest = await browser.newContext({ baseURL: BASE_URL });
  const page = await guest.newPage();
  await page.goto('/diwali-party');
  await page.getByRole('button', { name: 'Increase adult tickets' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('First name').fill('Festival');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Email').fill(customerEmail);
  await page.getByLabel('Phone').fill('(408) 555-0142');
  const news = page.getByRole('checkbox', { name: "Send me news about the restaurant's events" });
  await expect(news).not.toBeChecked();
  if (tickNews) await news.check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill(PAYING_CARD.cardNumber);
  await page.getByLabel('Expiry').fill(PAYING_CARD.expiry);
  await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await guest.close();
}

/** A guest buys one adult ticket through the calls the party page makes, the news box ticked. */
async function buyAgreeing(browser: Browser, customerEmail: string): Promise<void> {
  const guest = await browser.newContext({ baseURL: BASE_URL });
  await buyPartyTickets(guest.request, {
    customerName: 'Festival Guest',
    customerEmail,
    customerPhone: '4085550142',
    adultTickets: 1,
    childTickets: 0,
    newsConsent: true,
  });
  await guest.close();
}

const to = (mail: DeliveredMail) => mail.parsed.to?.[0]?.address;

/** The one-click link of the List-Unsubscribe header. */
function unsubscribeLink(mail: DeliveredMail): string {
  const value = mail.parsed.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
  return /<([^>]+)>/.exec(value)![1];
}

async function createCampaign(page: Page, name: string, subject: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Create Email Campaign' });
  await dialog.getByLabel('Campaign Name').fill(name);
  await dialog.getByLabel('Email Subject').fill(subject);
  await dialog.getByLabel('Email Content (HTML)').fill('<p>Diwali news for {{email}}.</p>');
}

async function sendFromList(page: Page, subject: string): Promise<void> {
  const row = page.getByRole('row').filter({ hasText: subject });
  await row.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(toast(page, 'Campaign sent')).toBeVisible();
  await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The Report dialog's line for one recipient. */
async function reportLine(page: Page, subject: string, email: string) {
  await page.getByRole('row').filter({ hasText: subject }).getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: /^Report: / });
  return { report, line: report.getByRole('row').filter({ hasText: email }) };
}

test.describe('campaign audiences and the suppression list', () => {
  test('a campaign to everyone who agreed to news reaches the buyer who ticked the box only, and its report names who was skipped: unsubscribed last season, bounced with 550', async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    // Last season: two buyers on the party page, one ticking the news box; two more who agree.
    await buyOnPartyPage(browser, FAN, true);
    await buyOnPartyPage(browser, QUIET, false);
    await buyAgreeing(browser, LEAVING);
    await buyAgreeing(browser, GONE);

    // A mailing last season: one guest unsubscribes with its one-click link, the mail server
    // refuses the other's address for good (550).
    const staff = await staffApi();
    const earlierSubject = `Last season's news ${RUN}`;
    const earlier = (await (
      await staff.post('/api/campaigns', {
        data: { name: 'Last season', subject: earlierSubject, content: '<p>Hi</p>', recipientEmails: [LEAVING, GONE] },
      })
    ).json()) as Campaign;
    expect((await staff.post(`/api/campaigns/${earlier.id}/send`)).status()).toBe(202);
    const [earlierMail] = await waitForMails((m) => m.parsed.subject === earlierSubject && to(m) === LEAVING);
    const left = await page.request.post(unsubscribeLink(earlierMail), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(await left.json()).toEqual({ unsubscribed: true });
    await expect
      .poll(async () => (await (await staff.get(`/api/campaigns/${earlier.id}/recipients`)).json()) as { email: string; status: string }[])
      .toContainEqual(expect.objectContaining({ email: GONE, status: 'failed' }));

    // That season's party ends and the manager starts the next event: the campaign below is this
    // season's, to guests who agreed and left last season.
    const { event: ending } = (await (await staff.get('/api/admin/settings')).json()) as AdminSettings;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const over = { ...ending, startsAt: iso(RUN - 5 * HOUR), endsAt: iso(RUN - HOUR) };
    expect((await staff.put('/api/admin/settings/event', { data: over })).ok()).toBe(true);
    const { events } = (await (await staff.get('/api/admin/events')).json()) as SeasonsResponse;
    const closingSeasonName = events.find((event) => event.status === 'on-sale')!.name;
    const next = await staff.post('/api/admin/events', { data: { name: 'Diwali Lights 2028', date: '2028-10-15', closingSeasonName } });
    expect(next.ok(), await next.text()).toBe(true);
    const { events: after } = (await (await staff.get('/api/admin/events')).json()) as SeasonsResponse;
    expect(after.find((event) => event.status === 'on-sale')!.name).toBe('Diwali Lights 2028');

    const { count, suppressed } = (await (await staff.get('/api/campaigns/audiences/agreed')).json()) as CampaignAudienceCount;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(suppressed).toBeGreaterThanOrEqual(2);

    // Staff write a campaign to everyone who agreed, and see how many that is.
    const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    expect(login.ok()).toBe(true);
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Email Campaigns' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Campaign' });
    await expect(dialog.getByRole('radio', { name: 'Everyone who agreed to news' })).toBeChecked();
    await expect(
      dialog.getByText(`${count} recipient${count === 1 ? '' : 's'} (${suppressed} more on the suppression list, skipped)`),
    ).toBeVisible();
    const subject = `Diwali news ${RUN}`;
    await createCampaign(page, 'Diwali news', subject);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toast(page, 'Campaign created')).toBeVisible();

    await sendFromList(page, subject);
    const mails = await waitForMails((m) => m.parsed.subject === subject && to(m) === FAN);
    expect(mails).toHaveLength(1);
    const recipients = (await deliveredMails()).filter((m) => m.parsed.subject === subject).map(to);
    expect(recipients).not.toContain(QUIET);
    expect(recipients).not.toContain(LEAVING);
    expect(recipients).not.toContain(GONE);

    const { report, line } = await reportLine(page, subject, LEAVING);
    await expect(line).toContainText('Skipped: unsubscribed');
    await expect(report.getByRole('row').filter({ hasText: GONE })).toContainText('Skipped: bounced');
    await expect(report.getByRole('row').filter({ hasText: FAN })).toContainText('Sent');
    await expect(report.getByRole('row').filter({ hasText: QUIET })).toHaveCount(0);
    await report.getByRole('button', { name: 'Close' }).click();
    await staff.dispose();
  });
});
