import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Campaign } from '../../packages/contracts/src/campaigns';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { REFUSED_MAIL_DOMAIN, waitForMails, deliveredMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';
import { staffApi } from '../support/staff-api';

const RUN = Date.now();
const FAN = `news-fan-${RUN}@example.com`;
const QUIET = `quiet-buyer-${RUN}@example.com`;
const LEAVING = `leaving-${RUN}@example.com`;
const GONE = `gone-${RUN}@${REFUSED_MAIL_DOMAIN}`;

/** The toast with this title. */
function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** A guest buys one adult ticket through the calls the party page makes, the news box ticked or not. */
async function buyTicket(browser: Browser, customerEmail: string, newsConsent: boolean | undefined): Promise<void> {
  const guest = await browser.newContext({ baseURL: BASE_URL });
  await buyPartyTickets(guest.request, {
    customerName: 'Festival Guest',
    customerEmail,
    customerPhone: '4085550142',
    adultTickets: 1,
    childTickets: 0,
    ...(newsConsent === undefined ? {} : { newsConsent }),
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
  test.afterAll(async () => {
    // The campaigns page's own tests start from an empty list.
    const api = await staffApi();
    const campaigns = (await (await api.get('/api/campaigns')).json()) as Campaign[];
    for (const campaign of campaigns) await api.delete(`/api/campaigns/${campaign.id}`);
    await api.dispose();
  });

  test('a campaign to everyone who agreed to news reaches the consenting buyer only, skips the unsubscribed, and the 550 address bounces for good', async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000);
    await buyTicket(browser, FAN, true);
    await buyTicket(browser, QUIET, undefined);
    await buyTicket(browser, LEAVING, true);
    await buyTicket(browser, GONE, true);

    // An earlier mailing reached the guest who is about to leave: its link is in their inbox.
    const staff = await staffApi();
    const earlierSubject = `Last season's news ${RUN}`;
    const earlier = (await (
      await staff.post('/api/campaigns', {
        data: { name: 'Last season', subject: earlierSubject, content: '<p>Hi</p>', recipientEmails: [LEAVING] },
      })
    ).json()) as Campaign;
    expect((await staff.post(`/api/campaigns/${earlier.id}/send`)).status()).toBe(202);
    const [earlierMail] = await waitForMails((m) => m.parsed.subject === earlierSubject);
    const expected = ((await (await staff.get('/api/campaigns/audiences/agreed')).json()) as { count: number }).count;

    // Staff write a campaign to everyone who agreed, and see how many that is.
    const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    expect(login.ok()).toBe(true);
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Email Campaigns' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Campaign' });
    await expect(dialog.getByRole('radio', { name: 'Everyone who agreed to news' })).toBeChecked();
    await expect(dialog.getByText(`${expected} recipients`)).toBeVisible();
    expect(expected).toBeGreaterThanOrEqual(3);
    const subject = `Diwali news ${RUN}`;
    await createCampaign(page, 'Diwali news', subject);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toast(page, 'Campaign created')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: subject })).toContainText(`${expected} emails`);

    // Before it goes out, one guest unsubscribes with the earlier mail's one-click link.
    const left = await page.request.post(unsubscribeLink(earlierMail), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(await left.json()).toEqual({ unsubscribed: true });

    await sendFromList(page, subject);
    const mails = await waitForMails((m) => m.parsed.subject === subject && to(m) === FAN);
    expect(mails).toHaveLength(1);
    const recipients = (await deliveredMails()).filter((m) => m.parsed.subject === subject).map(to);
    expect(recipients).not.toContain(QUIET);
    expect(recipients).not.toContain(LEAVING);
    expect(recipients).not.toContain(GONE);

    let { report, line } = await reportLine(page, subject, LEAVING);
    await expect(line).toContainText('Skipped: unsubscribed');
    await expect(report.getByRole('row').filter({ hasText: FAN })).toContainText('Sent');
    await expect(report.getByRole('row').filter({ hasText: GONE })).toContainText(/Failed: .*550/);
    await expect(report.getByRole('row').filter({ hasText: QUIET })).toHaveCount(0);
    await report.getByRole('button', { name: 'Close' }).click();

    // A later campaign, pasted by hand, skips the bounced address with its reason.
    const laterSubject = `Diwali menu ${RUN}`;
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    await createCampaign(page, 'Diwali menu', laterSubject);
    await dialog.getByLabel('Recipients (one email per line)').fill(`${FAN}\n${GONE}`);
    await expect(dialog.getByRole('radio', { name: 'Pasted or uploaded list' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toast(page, 'Campaign created')).toBeVisible();
    await sendFromList(page, laterSubject);
    ({ report, line } = await reportLine(page, laterSubject, GONE));
    await expect(line).toContainText('Skipped: bounced');
    await expect(report.getByRole('row').filter({ hasText: FAN })).toContainText('Sent');
    await waitForMails((m) => m.parsed.subject === laterSubject && to(m) === FAN);
    await staff.dispose();
  });
});
