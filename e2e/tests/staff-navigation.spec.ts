import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../support/environment';
import { devicePage, managerPage, staffNavigation } from '../support/staff-pages';

/**
 * With DOCS_SCREENSHOTS=1 the spec also saves the navigation's pictures for
 * docs/staff-dashboard.md; a normal run writes nothing into docs/.
 */
const DOCS_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === '1';

async function docsScreenshot(page: Page, file: string) {
  if (!DOCS_SCREENSHOTS) return;
  const dir = join(ROOT, 'docs', 'images');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, file) });
}

/** Every page of the navigation, in its order, with the heading its page shows. */
const PAGES = [
  { name: 'Dashboard', path: '/admin', heading: 'Order Management' },
  { name: 'Door', path: '/admin/door', heading: 'Door Check-in' },
  { name: 'Bar', path: '/admin/bar', heading: 'Bar' },
  { name: 'Pickups', path: '/admin/pickups', heading: 'Feast Pack Pickups' },
  { name: 'Kitchen', path: '/admin/kitchen', heading: 'Kitchen Counts' },
  { name: 'Reports', path: '/admin/reports', heading: 'Reports' },
  { name: 'Waitlist', path: '/admin/waitlist', heading: 'Waitlist' },
  { name: 'Email Campaigns', path: '/admin/campaigns', heading: 'Email Campaigns' },
  { name: 'Drinks QR Code', path: '/admin/drinks-qr', heading: 'Drinks QR Code' },
  { name: 'Settings', path: '/admin/settings', heading: 'Settings' },
  { name: 'Devices', path: '/admin/devices', heading: 'Devices' },
  { name: 'Guests', path: '/admin/guests', heading: 'Guests' },
  { name: 'Activity', path: '/admin/activity', heading: 'Activity' },
];

/** The names of the pages the navigation offers (its Menu button aside). */
async function offered(page: Page): Promise<string[]> {
  const names = await staffNavigation(page).getByRole('button').allTextContents();
  return names.map((name) => name.trim()).filter((name) => !name.endsWith('Menu'));
}

const current = (page: Page) => staffNavigation(page).locator('[aria-current="page"]');

test.describe('the staff navigation', () => {
  test('is on every staff page for the manager, grouped, marking the page it is on', async ({ browser }) => {
    test.slow();
    const page = await managerPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible({ timeout: 30_000 });
    const nav = staffNavigation(page);
    expect(await offered(page)).toEqual(PAGES.map((p) => p.name));
    for (const [group, names] of [
      ['The night', ['Door', 'Bar', 'Pickups', 'Kitchen']],
      ['Money', ['Reports', 'Waitlist']],
      ['Marketing', ['Email Campaigns', 'Drinks QR Code']],
      ['Set-up', ['Settings', 'Devices', 'Guests', 'Activity']],
    ] as const) {
      await expect(nav.getByRole('group', { name: group }).getByRole('button')).toHaveText([...names]);
    }
    await expect(current(page)).toHaveText('Dashboard');
    // The dashboard's own buttons are still there, once each.
    for (const name of ['Logout', 'Refresh', 'Email Campaigns', 'Drinks QR Code']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(1);
    }
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await docsScreenshot(page, 'staff-navigation-1366.png');

    // Each page in turn, from the navigation: the page opens, and it is the one marked.
    for (const target of [...PAGES.slice(1), PAGES[0]]) {
      await nav.getByRole('button', { name: target.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { name: target.heading, exact: true }).first()).toBeVisible({ timeout: 20_000 });
      await expect(current(page)).toHaveText(target.name);
      await expect(nav.getByRole('button')).toHaveCount(PAGES.length);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.context().close();
  });

  test('shows a door phone only the door, the pickups and the kitchen, and a bar phone only the bar', async ({ browser }) => {
    test.slow();
    const stamp = Date.now();
    const door = await devicePage(browser, `Nav Door ${stamp}`, 'door');
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });
    expect(await offered(door)).toEqual(['Door', 'Pickups', 'Kitchen']);
    await expect(current(door)).toHaveText('Door');
    await staffNavigation(door).getByRole('button', { name: 'Pickups' }).click();
    await expect(door).toHaveURL(/\/admin\/pickups$/);
    await expect(door.getByRole('heading', { name: 'Feast Pack Pickups' })).toBeVisible();
    await expect(current(door)).toHaveText('Pickups');
    // A page not for the door: not allowed, and still only the door's pages on offer.
    await door.goto('/admin/reports');
    await expect(door.getByText('Not allowed', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await offered(door)).toEqual(['Door', 'Pickups', 'Kitchen']);
    await expect(current(door)).toHaveCount(0);
    await door.context().close();

    const bar = await devicePage(browser, `Nav Bar ${stamp}`, 'bar');
    await expect(bar.getByRole('tab', { name: /Bar Queue/ })).toBeVisible({ timeout: 30_000 });
    expect(await offered(bar)).toEqual(['Bar']);
    await expect(current(bar)).toHaveText('Bar');
    await bar.context().close();
  });

  test('folds behind a Menu button on a 390 px phone: open it, follow a page, the page is marked', async ({ browser }) => {
    test.slow();
    const page = await managerPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto('/admin/door');
    await expect(page.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });
    const nav = staffNavigation(page);
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('button', { name: 'Reports' })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('group', { name: 'The night' })).toBeVisible();
    await expect(current(page)).toHaveText('Door');
    const reports = nav.getByRole('button', { name: 'Reports' });
    await expect(reports).toBeVisible();
    const box = await reports.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await docsScreenshot(page, 'staff-navigation-390.png');

    await reports.click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(current(page)).toHaveText('Reports');
    await expect(current(page)).toBeVisible();
    // The navigation itself fits the phone (the reports' wide tables scroll on their own).
    const fits = await nav.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 390);
    expect(fits).toBe(true);
    await page.context().close();
  });
});
