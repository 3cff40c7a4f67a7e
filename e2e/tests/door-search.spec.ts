import { expect, test, type Page } from '@playwright/test';
import { orderReference } from '../../packages/contracts/src/index';
import { BASE_URL } from '../support/environment';
import { buyPartyTickets } from '../support/party-orders';
import { managerPage } from '../support/staff-pages';

/**
 * Three letters no other buyer's name holds (from the clock, as letters), and a surname that
 * starts with them.
 */
function uniqueSurname(): { letters: string; surname: string } {
  const digits = Date.now().toString().slice(-6);
  const word = [...digits].map((d) => 'qvxzjkwyhf'[Number(d)]).join('');
  const letters = `${word[0].toUpperCase()}${word.slice(1, 3)}`;
  return { letters, surname: `${letters}${word.slice(3)}ala` };
}

/** The staff member types, key by key, as on a phone: no Enter, no Search button. */
async function typeSlowly(page: Page, text: string) {
  await page.getByLabel('Search guests').pressSequentially(text, { delay: 80 });
}

const found = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Guests found' }).getByRole('listitem').filter({ hasText: name });

test.describe('the door’s guest search', () => {
  test('lists the buyer as three letters of the name are typed, online and with the network cut', async ({ browser }) => {
    test.slow();
    const online = uniqueSurname();
    const buyer = await browser.newContext({ baseURL: BASE_URL });
    const orderId = await buyPartyTickets(buyer.request, {
      customerName: `Meena ${online.surname}`,
      customerEmail: `door.search.${Date.now()}@example.com`,
      customerPhone: '(408) 555-0166',
      adultTickets: 2,
      childTickets: 1,
    });
    await buyer.close();

    const door = await managerPage(browser);
    await door.goto('/admin/door');
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });

    // Online: the server's search answers as the letters are typed.
    const searches: string[] = [];
    door.on('request', (request) => {
      if (request.url().includes('/api/admin/check-ins/search')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await typeSlowly(door, online.letters);
    const line = found(door, `Meena ${online.surname}`);
    await expect(line).toContainText(`Ref ${orderReference(orderId)}`);
    await expect(line).toContainText('2 adults, 1 child · 0 of 3 in');
    await expect(line.getByRole('button', { name: 'Admit 3' })).toBeEnabled();
    // Typing paused once the third letter was in: one search, of all three (none of one letter).
    expect(searches).toEqual([online.letters]);

    // Offline: the phone's own guest list (loaded with the page) answers instead.
    await expect(door.getByTestId('offline-list')).toContainText('Guest list on this phone');
    await door.getByLabel('Search guests').fill('');
    await expect(door.getByRole('region', { name: 'Guests found' })).toHaveCount(0);
    await door.context().setOffline(true);
    await expect(door.getByText('Offline — 0 check-ins waiting to sync')).toBeVisible();
    await typeSlowly(door, online.letters);
    await expect(line).toContainText(`Ref ${orderReference(orderId)}`);
    await expect(line).toContainText('2 adults, 1 child · 0 of 3 in');
    expect(searches).toEqual([online.letters]);
    await door.context().setOffline(false);
    await door.context().close();
  });
});
