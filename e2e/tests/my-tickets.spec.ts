import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { MY_TICKETS_LINK_ANSWER, MY_TICKETS_LINK_USED } from '../../packages/contracts/src/my-tickets';
import { waitForMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';

const run = Date.now().toString(36);
const EMAIL = `my-tickets.${run}@example.com`;

const linkMail = (mail: DeliveredMail) =>
  mail.parsed.to?.some((to) => to.address === EMAIL) === true && mail.parsed.subject === 'Your Diwali party tickets';
/** The e-mailed `See my tickets` link, as a path of the site under test. */
const linkOf = (mail: DeliveredMail) => {
  const url = new URL(/https?:\/\/\S+\/my-tickets\?link=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')![0]);
  return `${url.pathname}${url.search}`;
};

/** The pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;

test.describe('My tickets', () => {
  test.setTimeout(120_000);

  test('Find my tickets e-mails a link that opens the order with its QR code and PDF, once', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    // A guest who bought 2 adult and 1 child tickets earlier.
    const buyer = await playwright.request.newContext({ baseURL });
    await buyPartyTickets(buyer, {
      customerName: 'Meera Krishnan',
      customerEmail: EMAIL,
      customerPhone: '(408) 555-0134',
      adultTickets: 2,
      childTickets: 1,
    });
    await buyer.dispose();

    // From the party page: `Find my tickets`, then the e-mail form.
    await page.goto('/diwali-party');
    await expect(page.getByRole('heading', { name: 'Select your tickets' })).toBeVisible();
    await page.getByRole('link', { name: 'Find my tickets' }).click();
    await expect(page).toHaveURL(/\/my-tickets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My tickets' })).toBeVisible();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText(MY_TICKETS_LINK_ANSWER)).toBeVisible();

    const [mail] = await waitForMails(linkMail);
    expect(mail.parsed.text).toContain('See my tickets');
    const link = linkOf(mail);

    // The link signs in and leaves the address bar; the order shows the code the door scans.
    await page.goto(link);
    await expect(page).toHaveURL(/\/my-tickets$/);
    const order = page.getByRole('region', { name: /^Order / });
    await expect(order).toBeVisible();
    await expect(order.getByText('2 × Adult')).toBeVisible();
    await expect(order.getByText('1 × Child')).toBeVisible();
    const qr = order.getByRole('img', { name: /^QR code of order / });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // Drawn: the image decoded with a size of its own.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The PDF: one page per ticket.
    const download = page.waitForEvent('download');
    await order.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = readFileSync(await (await download).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(3);

    // A used link is refused, with the form to ask for a new one.
    const other = await browser.newPage();
    await other.goto(link);
    await expect(other.getByRole('alert')).toHaveText(MY_TICKETS_LINK_USED);
    await expect(other.getByLabel('Email')).toBeVisible();
    await other.close();

    // Sign out ends the session: the page asks for a link again, after a reload too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Order / })).toHaveCount(0);
  });
});
