import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { CreatedStaffDevice } from '../../packages/contracts/src/staff';
import { BASE_URL, E2E_ADMIN_PASSWORD } from './environment';
import { staffApi } from './staff-api';

/** A fresh browser (its own context) signed in as the manager, on a blank page. */
export async function managerPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  const page = await context.newPage();
  const login = await page.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return page;
}

/**
 * The manager adds a device (through the API, as /admin/devices does) and a fresh browser opens
 * its pass link: the page lands on the role's own page, signed in as that device.
 */
export async function devicePage(browser: Browser, name: string, role: 'door' | 'bar', options: BrowserContextOptions = {}): Promise<Page> {
  const api = await staffApi();
  const created = await api.post('/api/admin/devices', { data: { name, role } });
  expect(created.ok()).toBe(true);
  const { passPath } = (await created.json()) as CreatedStaffDevice;
  await api.dispose();
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  const page = await context.newPage();
  await page.goto(passPath);
  await expect(page).toHaveURL(new RegExp(`/admin/${role}$`), { timeout: 30_000 });
  await expect(page.getByRole('banner', { name: 'Signed-in device' })).toContainText(name);
  return page;
}

/** The staff navigation of a staff page. */
export const staffNavigation = (page: Page) => page.getByRole('navigation', { name: 'Staff pages' });
