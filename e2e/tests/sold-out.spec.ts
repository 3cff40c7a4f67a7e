import { expect, test } from '@playwright/test';

// It takes every remaining ticket, so it runs after every other spec: its own Playwright project,
// which depends on the main one (e2e/playwright.config.ts).
test.describe('party tickets, at the end', () => {
  test('shows SOLD OUT when the tickets run out', async ({ page, request, playwright, baseURL }) => {
    let { remaining } = (await (await request.get('/api/party-ticket-stats')).json()) as { remaining: number };
    let n = 0;
    while (remaining > 0) {
      const adults = Math.min(50, remaining);
      const quote = await (await request.post('/api/party-quote', { data: { adultTickets: adults, childTickets: 0 } })).json();
      // Each group books from its own browser: a browser's next hold would release its last one.
      const buyer = await playwright.request.newContext({ baseURL });
      const hold = await buyer.post('/api/party-payment-intent', {
        data: {
          customerName: 'Group Booking',
          customerEmail: `group${(n += 1)}@example.com`,
          customerPhone: '4085550199',
          adultTickets: adults,
          childTickets: 0,
          totalAmount: quote.totalCents,
        },
      });
      expect(hold.status()).toBe(200);
      await buyer.dispose();
      remaining -= adults;
    }
    // The API shows it at once; through nginx the ticket stats may be a second old (micro-cache).
    await expect
      .poll(async () => ((await (await request.get('/api/party-ticket-stats')).json()) as { remaining: number }).remaining)
      .toBe(0);

    await page.goto('/diwali-party');
    await expect(page.getByText('SOLD OUT')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Increase adult tickets' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  });
});
