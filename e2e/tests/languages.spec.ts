import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, type Page } from '@playwright/test';
import type { SiteConfig } from '../../packages/contracts/src';
import { seriousViolations } from '../support/axe';
import { waitForMails } from '../support/mailbox';
import { BASE_URL } from '../support/environment';
import { lettersWithoutGlyphs } from '../support/glyphs';

function drink(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test.describe('the drinks and party pages in three languages', () => {
  // axe-core is added to the page as a script of the test's own, which the site's CSP would refuse.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, bypassCSP: true });

  test('switching to Hindi on /drinks keeps the cart and the scroll, shows Hindi texts and lang="hi"; English comes back unchanged', async ({
    page,
  }) => {
    await page.goto('/drinks');
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await drink(page, 'Mango Lassi').getByRole('button', { name: 'Add to Cart' }).click();
    await drink(page, 'Mango Lassi').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Cart (2)' })).toBeVisible();
    await drink(page, 'Mango Lassi').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/drinks$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { name: 'ड्रिंक्स मेन्यू' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'कार्ट (2)' })).toBeVisible();
    await expect(drink(page, 'Mango Lassi').getByText('कार्ट में 2')).toBeVisible();
    // The page did not jump back to its top: the drink the guest was looking at is still in view.
    await expect(drink(page, 'Mango Lassi')).toBeInViewport();
    expect(await page.evaluate(() => document.cookie)).toContain('lang=hi');
    // The page is in Hindi from its first byte: the pre-rendered HTML, lang and all.
    const html = await (await page.request.get('/hi/drinks')).text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('ड्रिंक्स मेन्यू');
    // Its versions in the other languages, by their full addresses (search engines take no other).
    expect(html).toContain(`<link rel="alternate" hreflang="ta" href="${BASE_URL}/ta/drinks">`);

    await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/drinks$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart (2)' })).toBeVisible();
  });

  test('a phone set to Tamil scanning the drinks QR code lands on /ta/drinks; choosing English is remembered', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/drinks');
    await expect(page).toHaveURL(/\/ta\/drinks$/);
    await expect(page.getByRole('heading', { name: 'பான மெனு' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');

    await page.getByRole('navigation', { name: 'மொழி' }).getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
    await page.goto('/drinks');
    await expect(page).toHaveURL(/\/drinks$/);
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
    await context.close();
  });

  test('a browser set to Tamil lands on /ta/ in Tamil, its head worded in Tamil; the cart and the logo stay in Tamil', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/ta\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { level: 1, name: 'தீபாவளி குடும்ப ஃபீஸ்ட் பேக்குகள்' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'கூடை, காலி' })).toBeEnabled();
    // Search engines and link previews get the page's head in Tamil, with its address and its English one.
    const html = await (await page.request.get('/ta/')).text();
    expect(html).toContain('<html lang="ta"');
    expect(html).toMatch(/<title>தீபாவளி குடும்ப ஃபீஸ்ட் பேக்குகள் &amp; [^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/ta/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${BASE_URL}/">`);
    await context.close();
  });

  test('an English page loads no Hindi or Tamil font and no other catalogue; a Hindi page its own font, preloaded', async ({ page }) => {
    const fetched: string[] = [];
    page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/drinks');
    await expect(drink(page, 'Mango Lassi')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => /\/(hi|ta)-[\w-]+\.(woff2|js)$/.test(path))).toEqual([]);

    fetched.length = 0;
    const html = await (await page.request.get('/hi/drinks')).text();
    expect(html).toMatch(/<link rel="preload" href="[^"]*\/hi-text-[\w-]+\.woff2" as="font" type="font\/woff2" crossorigin>/);
    await page.goto('/hi/drinks');
    await expect(drink(page, 'Mango Lassi')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The page's text in the Hindi web font, and Tamil's name on the switch in a font of that word alone.
    expect(await page.evaluate(() => document.fonts.check("16px 'Festival Hindi'", 'ड्रिंक्स'))).toBe(true);
    expect(
      fetched
        .filter((path) => /\/(hi|ta)-[\w-]+\.woff2$/.test(path))
        .map((path) => path.replace(/^.*\//, '').replace(/-[\w-]{8}\.woff2$/, ''))
        .sort(),
    ).toEqual(['hi-text', 'ta-name']);
  });

  for (const { language, heading, order } of [
    { language: 'hi', heading: 'दिवाली फ़ैमिली फ़ीस्ट पैक', order: 'ऑर्डर करें' },
    { language: 'ta', heading: 'தீபாவளி குடும்ப ஃபீஸ்ட் பேக்குகள்', order: 'ஆர்டர்' },
  ]) {
    test(`/${language}/ on a 390 px phone: the landing page in its script, nothing wider than the screen, and no serious axe finding`, async ({
      page,
    }) => {
      await page.goto(`/${language}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const orderNow = page.getByRole('banner').getByRole('button', { name: order });
      await expect(orderNow).toBeEnabled();
      // Its words fit its button, and the button leaves the restaurant's name beside it whole.
      expect(await orderNow.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Every Hindi or Tamil letter it shows has a glyph in the web fonts it loaded: no missing-glyph box.
      expect({ language, missing: await lettersWithoutGlyphs(page) }).toEqual({ language, missing: [] });
      expect({ language, violations: await seriousViolations(page) }).toEqual({ language, violations: [] });
    });
  }

  for (const { language, heading } of [
    { language: 'hi', heading: 'ड्रिंक्स मेन्यू' },
    { language: 'ta', heading: 'பான மெனு' },
  ]) {
    test(`/${language}/drinks on a 390 px phone: the menu in its script, nothing wider than the screen, and no serious axe finding`, async ({
      page,
    }) => {
      await page.goto(`/${language}/drinks`);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(drink(page, 'Mango Lassi')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Every Hindi or Tamil letter it shows has a glyph in the web fonts it loaded: no missing-glyph box.
      expect({ language, missing: await lettersWithoutGlyphs(page) }).toEqual({ language, missing: [] });
      expect({ language, violations: await seriousViolations(page) }).toEqual({ language, violations: [] });
    });
  }

  for (const { language, navigation, prompt } of [
    { language: 'hi', navigation: 'भाषा', prompt: 'कृपया कम से कम एक टिकट चुनें' },
    { language: 'ta', navigation: 'மொழி', prompt: 'குறைந்தது ஒரு டிக்கெட்டையாவது தேர்ந்தெடுங்கள்' },
  ]) {
    test(`/${language}/diwali-party on a 390 px phone: the tickets step in its script, nothing wider than the screen, and no serious axe finding`, async ({
      page,
    }) => {
      await page.goto(`/${language}/diwali-party`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('navigation', { name: navigation })).toBeVisible();
      await expect(page.getByText(prompt)).toBeVisible();
      // Prices stay US dollars in every language.
      await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // No button or step name runs past the screen's edge (a card's overflow would hide it).
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('button, .party-steps li')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
          .map((element) => element.textContent),
      );
      expect(overflowing).toEqual([]);
      expect({ language, missing: await lettersWithoutGlyphs(page) }).toEqual({ language, missing: [] });
      expect({ language, violations: await seriousViolations(page) }).toEqual({ language, violations: [] });
    });
  }
});

test.describe('a purchase in Tamil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('party tickets bought on /ta/diwali-party: the confirmation and the ticket e-mail in Tamil, with the QR code of the ticket', async ({
    page,
  }) => {
    const email = `meera.ta.${Date.now().toString(36)}@example.com`;
    await page.goto('/ta/diwali-party');
    await expect(page.getByRole('heading', { name: 'உங்கள் டிக்கெட்டுகளைத் தேர்ந்தெடுங்கள்' })).toBeVisible();
    await page.getByRole('button', { name: 'பெரியவர் டிக்கெட்டுகளைக் கூட்டவும்' }).click();
    await page.getByRole('button', { name: 'தொடரவும்', exact: true }).click();
    await page.getByLabel('முதல் பெயர்').fill('Meera');
    await page.getByLabel('குடும்பப் பெயர்').fill('Krishnan');
    await page.getByLabel('மின்னஞ்சல்').fill(email);
    await page.getByLabel('ஃபோன்').fill('(408) 555-0134');
    await page.getByRole('button', { name: 'பணம் செலுத்தத் தொடரவும்' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'பணம் செலுத்துங்கள்' }).click();

    await expect(page.getByRole('heading', { name: 'எல்லாம் தயார்!' })).toBeVisible({ timeout: 30_000 });
    const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    const shownCode = ((await page.getByTestId('ticket-code').textContent()) ?? '').replace(/\s/g, '');

    // The e-mail about the order is in the order's language: subject and body in Tamil.
    const [mail] = await waitForMails((m) => m.parsed.to?.some((to) => to.address === email) ?? false);
    const party = ((await (await page.request.get('/api/site')).json()) as SiteConfig).party.name;
    expect(mail.parsed.subject).toBe(`${party} நிகழ்ச்சிக்கான உங்கள் டிக்கெட்டுகள் · ${reference}`);
    expect(mail.parsed.text).toContain('எல்லாம் தயார்!');
    expect(mail.parsed.text).toContain(`${party} நிகழ்ச்சிக்கான உங்கள் டிக்கெட்டுகள் உறுதிசெய்யப்பட்டன.`);
    expect(mail.parsed.text).toContain('QR குறியீட்டை ஸ்கேன் செய்ய முடியாவிட்டால், டிக்கெட் குறியீடு:');
    expect(mail.parsed.text).not.toContain("You're All Set!");
    expect(mail.parsed.html).toContain('lang="ta"');
    // The same ticket as in English: its QR code holds the code the page shows.
    const qr = mail.parsed.attachments.find((attachment) => attachment.contentId === '<ticket-qr>');
    const png = PNG.sync.read(Buffer.from(qr!.content as ArrayBuffer));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(shownCode);
  });
});
