import { expect, test, type Page } from '@playwright/test';
import { waitForMails } from '../support/mailbox';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

async function chooseTickets(page: Page, adults: number, children: number) {
  for (let i = 0; i < adults; i += 1) await page.getByRole('button', { name: 'Increase adult tickets' }).click();
  for (let i = 0; i < children; i += 1) await page.getByRole('button', { name: 'Increase child tickets' }).click();
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Krishnan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(408) 555-0134');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill(CARD.expiry);
  await page.getByLabel('CVC').fill(CARD.cvc);
}

test.describe('party tickets', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a full purchase with a promo code ends on the confirmation with the ticket, sends one e-mail and one more on request', async ({
    page,
  }) => {
    await page.goto('/diwali-party');
    await expect(page.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
    await expect(page.getByText('Please select at least one ticket')).toBeVisible();

    await chooseTickets(page, 2, 1);
    await page.getByLabel('Promo code').fill('  diwali5 ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText("Promo code applied! You'll save an additional 5%")).toBeVisible();
    // 2 x $49.99 + $29.99 = $129.97; promo -$6.50; tax $11.58
    await expect(page.getByTestId('order-total')).toHaveText('$135.05');

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillContact(page, 'meera.k@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByTestId('payment-total')).toHaveText('$135.05');
    // The hold's 15 minutes, counting down.
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^Your tickets are held for 14:[0-5]\d$/);
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown ?? '');
    await expect(page.getByLabel('Card number')).toBeVisible();
    // Nothing wider than the phone: the card form fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByText('Test mode: no card is charged', { exact: false })).toBeVisible();
    await fillCard(page, CARD.number);
    await page.getByRole('button', { name: 'Complete Payment' }).click();

    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByText('Total paid: $135.05')).toBeVisible();
    await expect(page.getByText('A confirmation e-mail with your tickets has been sent to meera.k@example.com.')).toBeVisible();
    // The ticket the door scans: its QR code, what it admits, the code in groups of four.
    await expect(page.getByRole('img', { name: `QR code of ticket ${reference}` })).toBeVisible();
    await expect(page.getByText('Admits 3 guests: 2 adults, 1 child (children under 5 come free)')).toBeVisible();
    const code = (await page.getByTestId('ticket-code').textContent()) ?? '';
    expect(code).toMatch(/^([A-Z2-7]{4} ){31}[A-Z2-7]{4}$/);
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      /^\/api\/party-orders\/[0-9a-f-]{36}\/calendar$/,
    );

    const toMeera = (m: { parsed: { to?: { address?: string }[] } }) =>
      m.parsed.to?.some((a) => a.address === 'meera.k@example.com') ?? false;
    const mails = await waitForMails(toMeera);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toContain(reference);
    expect(mails[0].parsed.text).toContain('Total paid: $135.05');
    expect(mails[0].parsed.text).toContain(code);

    await page.getByRole('button', { name: 'E-mail my tickets again' }).click();
    await expect(page.getByText('We sent your tickets to m…@example.com again.')).toBeVisible();
    const again = await waitForMails(toMeera, 2);
    expect(again[1].parsed.text).toContain(code);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a declined card says so and the buyer can try again', async ({ page }) => {
    await page.goto('/diwali-party');
    await chooseTickets(page, 1, 0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillContact(page, 'declined.then.ok@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

    await fillCard(page, CARD.number);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  });

  test('the contact form and the promo box explain what is wrong', async ({ page }) => {
    await page.goto('/diwali-party');
    await chooseTickets(page, 1, 1);
    await page.getByLabel('Promo code').fill('FREEPARTY');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Invalid promo code')).toBeVisible();

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('555-01');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('adult-count')).toHaveText('1');
    await expect(page.getByTestId('child-count')).toHaveText('1');
  });
});
