import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { GuestData } from '../../packages/contracts/src';
import { buyPartyTickets } from '../support/party-orders';
import { managerPage } from '../support/staff-pages';

const run = Date.now().toString(36);
const EMAIL = `guest.${run}@example.com`;
const PHONE = `(408) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;

test.describe('one guest’s data', () => {
  test.setTimeout(180_000);

  test('the manager finds a guest by phone, sees their order, exports their data and erases them', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const buyer = await playwright.request.newContext({ baseURL });
    const orderId = await buyPartyTickets(buyer, {
      customerName: 'Kavya Rao',
      customerEmail: EMAIL,
      customerPhone: PHONE,
      adultTickets: 1,
      childTickets: 0,
    });

    const page = await managerPage(browser);
    await page.goto('/admin/guests');
    await expect(page.getByRole('heading', { name: 'Guests', level: 1 })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'E-mail or phone' }).fill(PHONE.replace(/\D/g, ''));
    await page.getByRole('button', { name: /Search/ }).click();
    await page.getByRole('button', { name: `Open ${EMAIL}` }).click();
    const party = page.getByRole('region', { name: 'Party orders' });
    await expect(party).toContainText(`Order ${orderId.slice(0, 8).toUpperCase()} · paid`);
    await expect(party).toContainText(`Kavya Rao, ${PHONE}`);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^guest-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as GuestData;
    expect(data).toMatchObject({ version: 1, email: EMAIL });
    expect(data.partyOrders.map((o) => o.id)).toEqual([orderId]);

    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Erase' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type ERASE or the guest's e-mail address to confirm").fill('ERASE');
    await confirm.click();
    await expect(page.getByText('Guest erased')).toBeVisible();
    await expect(party).toHaveCount(0);

    await page.getByRole('button', { name: /Search/ }).click();
    await expect(page.getByText('No guest matches')).toBeVisible();
  });
});
