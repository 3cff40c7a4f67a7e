import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../support/environment';
import { waitForMails, type DeliveredMail } from '../support/mailbox';

// A one-pixel PNG.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GUESTS_CSV = 'email,name\nasha@example.com,Asha\n"ravi@example.com",Ravi\n\nnot-an-address,Nobody\nmeena@example.com , Meena\n';
const GUESTS = ['asha@example.com', 'meena@example.com', 'ravi@example.com'];

async function logIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
}

/** The toast with this title. */
function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

async function chooseFile(page: Page, button: ReturnType<Page['getByRole']>, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

function header(mail: DeliveredMail, name: string): string | undefined {
  return mail.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
}

test.describe('e-mail campaigns', () => {
  test('a visitor without a staff session is sent to the login', async ({ page }) => {
    await page.goto('/admin/campaigns');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Admin Access')).toBeVisible();
  });

  test('a campaign from an uploaded CSV reaches every guest with the unsubscribe headers, the inline image and a working link', async ({
    page,
    context,
    request,
  }) => {
    // The whole of a campaign's life: written, previewed by the server as it types, uploaded,
    // sent, and three mails read back with their links followed.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page);
    await page.goto('/admin/campaigns');
    // The suite's first staff page drawn in a fresh browser: the whole admin app downloaded and
    // compiled, with nothing cached (as the door page's first draw, door.spec.ts).
    await expect(page.getByRole('heading', { name: 'Email Campaigns' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No campaigns yet')).toBeVisible();

    await page.getByRole('button', { name: 'Create Your First Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Campaign' });
    const content = dialog.getByLabel('Email Content (HTML)');
    await expect(content).toHaveValue(
      /Vegetarian Feast Pack[\s\S]*\$39\.99[\s\S]*Non-Vegetarian Feast Pack[\s\S]*\$49\.99[\s\S]*5% referral bonus on your catering orders/,
    );
    const preview = dialog.frameLocator('iframe[title="Email preview"]');
    await expect(preview.getByText('Saffron Leaf presents')).toBeVisible();
    await expect(dialog.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');

    // Nothing filled in yet.
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toast(page, 'Missing fields')).toContainText('Please fill in all fields and add at least one email address.');

    // Images: a non-image is refused; an image is listed with its size and its tag can be copied.
    const chooseImages = dialog.getByRole('button', { name: 'Choose Images' });
    await chooseFile(page, chooseImages, { name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(toast(page, 'Invalid file')).toContainText('Please upload only image files');
    await chooseFile(page, chooseImages, { name: 'diya.png', mimeType: 'image/png', buffer: PIXEL });
    const images = dialog.getByRole('list', { name: 'Email images' });
    await expect(images.getByRole('img', { name: 'Preview of diya.png' })).toBeVisible();
    await expect(images).toContainText(`${PIXEL.length} B`);
    await images.getByRole('button', { name: 'Copy Code for diya.png' }).click();
    await expect(toast(page, 'Copied!')).toBeVisible();
    const imageTag = await page.evaluate(() => navigator.clipboard.readText());
    expect(imageTag).toMatch(/^<img src="data:image\/png;base64,[^"]+" alt="diya"/);

    const subject = `Diwali feast packs ${Date.now()}`;
    await dialog.getByLabel('Campaign Name').fill('Diwali feast packs');
    await dialog.getByLabel('Email Subject').fill(subject);
    await content.fill(`<h1>Diwali at {{restaurant.name}}</h1>\n${imageTag}\n<p>Your feast pack awaits, {{email}}.</p>`);
    await expect(preview.getByRole('heading', { name: 'Diwali at Saffron Leaf' })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'diya' })).toBeVisible();

    // Recipients from a CSV: the email column after the header row, replacing the box; the row
    // that holds no address is named with its reason.
    const recipientsBox = dialog.getByLabel('Recipients (one email per line)');
    await recipientsBox.fill('someone-else@example.com');
    await chooseFile(page, dialog.getByRole('button', { name: 'Upload CSV/TXT' }), {
      name: 'guests.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(GUESTS_CSV),
    });
    await expect(recipientsBox).toHaveValue('asha@example.com\nravi@example.com\nmeena@example.com');
    await expect(dialog.getByText('3 email addresses')).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Skipped' })).toHaveText(
      'guests.csv: Skipped 1 row: row 5, “not-an-address” is not an email address.',
    );

    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toast(page, 'Campaign created')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Diwali feast packs');
    await expect(row).toContainText('3 emails');
    await expect(row.getByText('draft', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(toast(page, 'Campaign sent')).toBeVisible();
    await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('3 sent');
    await expect(row.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);

    // Each guest got exactly one message, with everything the law and the inboxes ask for.
    const mails = await waitForMails((m) => m.parsed.subject === subject, GUESTS.length);
    expect(mails.map((m) => m.parsed.to?.[0]?.address).sort()).toEqual(GUESTS);
    for (const mail of mails) {
      const to = mail.parsed.to![0].address!;
      expect(header(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.parsed.text).toContain(`Your feast pack awaits, ${to}.`);
      expect(mail.parsed.text).toContain('1480 Lakeview Avenue, San Jose, CA 95131, US');
      expect(mail.parsed.html).toContain('Diwali at Saffron Leaf');
      const image = mail.parsed.attachments.find((a) => a.mimeType === 'image/png');
      expect(image?.disposition).toBe('inline');
      expect(Buffer.from(image!.content as ArrayBuffer).equals(PIXEL)).toBe(true);
      expect(mail.parsed.html).toContain(`src="cid:${image!.contentId!.replace(/[<>]/g, '')}"`);
    }

    // A guest follows the link in the e-mail and confirms.
    const asha = mails.find((m) => m.parsed.to?.[0]?.address === 'asha@example.com')!;
    const bodyLink = /href="([^"]*\/api\/unsubscribe\?token=[^"]+)"/.exec(asha.parsed.html ?? '')![1].replace(/&amp;/g, '&');
    await page.goto(bodyLink);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from Saffron Leaf e-mails?' })).toBeVisible();
    await expect(page.getByText('asha@example.com')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();

    // A mail program unsubscribes another guest with the one-click POST: no cookies, no login.
    const ravi = mails.find((m) => m.parsed.to?.[0]?.address === 'ravi@example.com')!;
    const oneClick = /<([^>]+)>/.exec(header(ravi, 'List-Unsubscribe')!)![1];
    const res = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
  });
});
