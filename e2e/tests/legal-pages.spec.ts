import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { AdminPolicies } from '../../packages/contracts/src/policies';
import { BASE_URL, E2E_ADMIN_PASSWORD } from '../support/environment';
import { staffApi } from '../support/staff-api';

const PAY_LINE = 'By paying you agree to the ticket terms and the privacy policy';
const SCRIPT = '<script>window.policyScriptRan = true</script>';

/** The manager on /admin/settings. */
async function openSettings(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  expect((await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  // The staff remote and its settings chunk load first: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** The pay line, its two links and where they go. */
async function expectPayLine(line: Locator) {
  await expect(line).toHaveText(PAY_LINE);
  await expect(line.getByRole('link', { name: 'ticket terms' })).toHaveAttribute('href', '/terms');
  await expect(line.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
}

test.describe('the privacy policy and the ticket terms', () => {
  test('the manager saves a privacy policy with a script in it: /privacy shows it as text, pre-rendered, and runs nothing', async ({
    browser,
  }) => {
    // The staff remote, then a guest page in a browser of its own.
    test.slow();
    const staff = await staffApi();
    const before = ((await (await staff.get('/api/admin/policies')).json()) as AdminPolicies).privacy;
    const marker = `Lantern ${Date.now()}`;
    const markdown = `## What we keep\n\nWe keep **${marker}** for the festival.\n\n${SCRIPT}`;

    const settings = await openSettings(browser);
    const section = settings.getByRole('region', { name: 'Policies' });
    const field = section.getByLabel('Privacy policy');
    await expect(field).toHaveValue(before.markdown);
    await field.fill(markdown);
    await section.getByRole('button', { name: 'Save privacy policy' }).click();
    await expect(settings.getByText('Settings saved')).toBeVisible();
    const version = before.version + 1;
    await expect(section.getByText(new RegExp(`^Version ${version} · Effective `))).toBeVisible();

    // The served HTML already holds the staff's text (pre-rendered with it), the script as text.
    await expect(async () => {
      const html = await (await staff.get('/privacy')).text();
      expect(html).toContain(`<strong>${marker}</strong>`);
      expect(html).toContain('&lt;script&gt;window.policyScriptRan = true&lt;/script&gt;');
      expect(html).not.toContain(SCRIPT);
    }).toPass({ timeout: 10_000 });
    // The same policy at its Hindi address: the frame in Hindi, the staff's text as they wrote it.
    await expect(async () => {
      const hindi = await (await staff.get('/hi/privacy')).text();
      expect(hindi).toContain('<html lang="hi"');
      expect(hindi).toContain('गोपनीयता नीति');
      expect(hindi).toContain(`<strong>${marker}</strong>`);
    }).toPass({ timeout: 10_000 });

    const guest = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    const errors: string[] = [];
    guest.on('pageerror', (error) => errors.push(error.message));
    guest.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await guest.goto('/privacy');
    await expect(guest.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(guest.getByText(new RegExp(`^Version ${version} · Effective \\w+ \\d{1,2}, \\d{4}$`))).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'What we keep' })).toBeVisible();
    await expect(guest.getByText(marker)).toBeVisible();
    await expect(guest.getByText(SCRIPT)).toBeVisible();
    // Hydrated and fetched again: still the text, and the script never ran.
    await guest.waitForLoadState('networkidle');
    await expect(guest.getByText(SCRIPT)).toBeVisible();
    expect(await guest.evaluate(() => (window as unknown as { policyScriptRan?: boolean }).policyScriptRan)).toBeUndefined();
    expect(errors).toEqual([]);
    const footer = guest.getByRole('navigation', { name: 'Policies' });
    await expect(footer.getByRole('link', { name: 'Ticket terms' })).toHaveAttribute('href', '/terms');
  });

  test('the ticket terms saved by the manager show at /terms with their version and date', async ({ page }) => {
    const staff = await staffApi();
    const marker = `No refunds after the fireworks ${Date.now()}`;
    const saved = await staff.put('/api/admin/policies/terms', { data: { markdown: `## Refunds\n\n${marker}.` } });
    expect(saved.ok()).toBe(true);
    const { version } = (await saved.json()) as { version: number };

    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Policies' });
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    await footer.getByRole('link', { name: 'Ticket terms' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket terms' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^Version ${version} · Effective `))).toBeVisible();
    await expect(page.getByText(marker)).toBeVisible({ timeout: 10_000 });
  });

  test('the party payment step and the drinks checkout link them beside their pay buttons', async ({ page }) => {
    await page.goto('/diwali-party');
    await expect(page.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase adult tickets' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('First name').fill('Lakshmi');
    await page.getByLabel('Last name').fill('Venkat');
    await page.getByLabel('Email').fill('lakshmi.legal@example.com');
    await page.getByLabel('Phone').fill('(408) 555-0177');
    const box = page.getByRole('checkbox', { name: "Send me news about the restaurant's events" });
    await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
    await expectPayLine(page.locator('.pay-agreement'));

    await page.goto('/drinks');
    await page.getByRole('article', { name: 'Mango Lassi', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Name').fill('Lakshmi Venkat');
    await page.getByLabel('Table Number').fill('7');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expectPayLine(page.locator('.pay-agreement'));
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('radio', { name: 'Open a Tab' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Save Card & Open Tab' })).toBeVisible();
    await expectPayLine(page.locator('.pay-agreement'));
    await expect(page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
