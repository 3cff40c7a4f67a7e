import { seriousViolations } from '../support/axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { recordedEvents, staffApi } from '../support/staff-api';

const SESSION_KEY = 'festival.analytics.sessionId';

let staff: APIRequestContext;

test.beforeAll(async () => {
  staff = await staffApi();
});
test.afterAll(async () => {
  await staff.dispose();
});

async function openLanding(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  // The pre-rendered page shows the configuration at once; its buttons come alive (and the
  // page starts recording the visit) once the scripts have hydrated it.
  await expect(page.getByText('October 18-19, 11 AM to 3 PM')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Feast Packs' })).toBeEnabled();
}

const sessionIdOf = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);

test.describe('the landing page', () => {
  test('shows every text of the page', async ({ page }) => {
    await openLanding(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Saffron Leaf South Indian Kitchen' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('button', { name: 'Order Now' })).toBeVisible();
    // The cart has no count badge while it is empty.
    await expect(banner.getByRole('button', { name: 'Cart, empty' })).toHaveText('');

    const hero = page.locator('[data-section="hero"]');
    await expect(hero.getByText('Diwali Special', { exact: true })).toBeVisible();
    await expect(hero.getByText('Presented by Saffron Leaf · South Indian Kitchen since 1995')).toBeVisible();
    await expect(hero.getByRole('heading', { level: 1, name: 'Diwali Family Feast Packs' })).toBeVisible();
    await expect(hero.getByText('Pickup: October 18-19, 11 AM to 3 PM')).toBeVisible();
    await expect(hero.getByRole('button', { name: 'View Feast Packs' })).toBeVisible();

    const packs = page.locator('[data-section="packs"]');
    await expect(packs.getByRole('heading', { name: 'Diwali Feast Pack Orders Are Now Closed' })).toBeVisible();
    await expect(packs.getByText(/^Thank you for the overwhelming response!/)).toBeVisible();
    await expect(packs.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
    await expect(packs.getByText('Friday, October 24, 2025')).toBeVisible();
    await expect(packs.getByText('7:00 PM to 11:00 PM')).toBeVisible();
    await expect(packs.getByText('A live DJ and a 4-course South Indian meal')).toBeVisible();
    await expect(packs.getByRole('link', { name: 'Reserve Your Tickets Now' })).toBeVisible();
    await expect(packs.getByRole('heading', { name: 'Looking for Catering?' })).toBeVisible();
    await expect(packs.getByRole('link', { name: 'Call (408) 555-0142' })).toHaveAttribute('href', 'tel:+14085550142');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('1480 Lakeview Avenue')).toBeVisible();
    await expect(footer.getByText('San Jose, CA 95131')).toBeVisible();
    await expect(footer.getByRole('link', { name: '(408) 555-0142' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'hello@saffronleaf.example' })).toHaveAttribute(
      'href',
      'mailto:hello@saffronleaf.example',
    );
    await expect(footer.getByText('Monday-Friday')).toBeVisible();
    await expect(footer.getByText('11 AM - 10 PM')).toBeVisible();
    await expect(footer.getByText('Saturday-Sunday')).toBeVisible();
    await expect(footer.getByText('10 AM - 11 PM')).toBeVisible();
    await expect(footer.getByText(/© \d{4} Saffron Leaf\. All rights reserved\./)).toBeVisible();
    // The release line is there only for builds that name one.
    await expect(footer.getByText(/^Release /)).toHaveCount(0);

    await expect(page.locator('[data-section]')).toHaveCount(3);
    expect(await page.locator('[data-section]').evaluateAll((els) => els.map((el) => el.getAttribute('data-section')))).toEqual([
      'hero',
      'packs',
      'footer',
    ]);
  });

  test('shortens Order Now to Order on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openLanding(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Order', exact: true })).toBeVisible();
  });

  for (const button of ['Order Now', 'View Feast Packs']) {
    test(`${button} scrolls to the packs section`, async ({ page }) => {
      await openLanding(page);
      const packsTitle = page.getByRole('heading', { name: 'Feast Packs & Celebrations' });
      await expect(packsTitle).not.toBeInViewport();
      await page.getByRole('button', { name: button }).click();
      await expect(packsTitle).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('heading', { name: 'Diwali Feast Pack Orders Are Now Closed' })).toBeInViewport();
    });
  }

  test('Reserve Your Tickets Now goes to /diwali-party, and the landing view is closed with its behaviour', async ({ page }) => {
    await openLanding(page);
    const sessionId = (await sessionIdOf(page))!;
    await page.getByRole('link', { name: 'Reserve Your Tickets Now' }).click();
    await expect(page).toHaveURL(/\/diwali-party$/);
    await expect.poll(async () => (await recordedEvents(staff, 'page_view', sessionId))[0]?.timeOnPage ?? null).toBeGreaterThan(0);
  });

  test('the catering call sends catering_clicked before dialling', async ({ page }) => {
    const order: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith('tel:')) order.push(`dial ${req.url()}`);
      else if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/analytics') {
        const eventType = (JSON.parse(req.postData() ?? '{}') as { eventType?: string }).eventType;
        if (eventType === 'catering_clicked') order.push('event catering_clicked');
      }
    });
    await openLanding(page);
    const sessionId = (await sessionIdOf(page))!;
    await page.getByRole('link', { name: 'Call (408) 555-0142' }).click();

    await expect.poll(() => order).toEqual(['event catering_clicked', 'dial tel:+14085550142']);
    await expect
      .poll(async () => (await recordedEvents(staff, 'catering_clicked', sessionId)).map((e) => e.metadata))
      .toEqual([{ phone_number: '(408) 555-0142', source: 'catering_card' }]);
  });

  test('puts the title, preview tags and schema.org data in the page head', async ({ page }) => {
    await openLanding(page);
    await expect(page).toHaveTitle('Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf');
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf',
    );
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /Friday, October 24, 2025/);
    await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const jsonLd = await page
      .locator('head script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? '{}') as { '@type': string }));
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Restaurant', 'Event']);
  });

  test('keeps the served head once, and builds it in the browser when the visitor comes back to /', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const jsonLdTypes = () =>
      page
        .locator('head script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((el) => (JSON.parse(el.textContent ?? '{}') as { '@type': string })['@type']));
    await openLanding(page);
    expect(await jsonLdTypes()).toEqual(['Restaurant', 'Event']);
    // The server wrote the head for this configuration: the code that builds it did not load.
    expect(scripts.filter((path) => path.includes('/landing-head-tags-'))).toEqual([]);

    await page.getByRole('link', { name: 'Reserve Your Tickets Now' }).click();
    await expect(page).toHaveURL(/\/diwali-party$/);
    await expect.poll(jsonLdTypes).not.toContain('Restaurant');

    await page.goBack();
    await expect(page.getByText('October 18-19, 11 AM to 3 PM')).toBeVisible();
    await expect(page).toHaveTitle('Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf');
    await expect.poll(jsonLdTypes).toEqual(['Restaurant', 'Event']);
    expect(scripts.filter((path) => path.includes('/landing-head-tags-'))).toHaveLength(1);
  });
});

test.describe('visitor analytics from the landing page', () => {
  test('a visit from a marketing link records a page view with its utm parameters', async ({ page }) => {
    await openLanding(page, '/?utm_source=facebook&utm_medium=social&utm_campaign=diwali2024&utm_content=story&utm_term=feast');
    const sessionId = (await sessionIdOf(page))!;
    await expect
      .poll(async () =>
        (await recordedEvents(staff, 'page_view', sessionId)).map((e) => [
          e.utmSource,
          e.utmMedium,
          e.utmCampaign,
          e.utmContent,
          e.utmTerm,
        ]),
      )
      .toEqual([['facebook', 'social', 'diwali2024', 'story', 'feast']]);
  });

  test('a plain visit records source direct and medium none', async ({ page }) => {
    await openLanding(page);
    const sessionId = (await sessionIdOf(page))!;
    await expect
      .poll(async () => (await recordedEvents(staff, 'page_view', sessionId)).map((e) => [e.utmSource, e.utmMedium, e.referrer]))
      .toEqual([['direct', 'none', null]]);
  });

  test('after leaving, the page view carries its scroll depth, time on page and sections', async ({ page }) => {
    await openLanding(page);
    const sessionId = (await sessionIdOf(page))!;
    await page.getByRole('button', { name: 'View Feast Packs' }).click();
    await expect(page.getByRole('heading', { name: 'Feast Packs & Celebrations' })).toBeInViewport();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByText(/All rights reserved/)).toBeInViewport();

    await page.goto('about:blank'); // the visitor leaves the site

    await expect
      .poll(async () => {
        const [view] = await recordedEvents(staff, 'page_view', sessionId);
        return view?.timeOnPage ? view : null;
      })
      .not.toBeNull();
    const [view] = await recordedEvents(staff, 'page_view', sessionId);
    expect(view.scrollDepth).toBeGreaterThan(0);
    expect(view.timeOnPage).toBeGreaterThan(0);
    expect(Object.keys(view.pageSections ?? {}).sort()).toEqual(['footer', 'hero', 'packs']);
    const sections = Object.values(view.pageSections ?? {});
    expect(sections.reduce((seen, s) => seen + s.count, 0)).toBeGreaterThan(0);
    expect(sections.reduce((ms, s) => ms + s.visibleMs, 0)).toBeGreaterThan(0);
    // The page view itself was recorded once, with the server's view of the visitor.
    expect(view).toMatchObject({ eventType: 'page_view', ipAddress: expect.any(String), userAgent: expect.stringContaining('Chrome') });
  });

  test('the session id stays the same across reloads in one tab, and a new tab gets its own', async ({ page, context }) => {
    await openLanding(page);
    const first = await sessionIdOf(page);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await expect(page.getByText('October 18-19, 11 AM to 3 PM')).toBeVisible();
    expect(await sessionIdOf(page)).toBe(first);
    await expect.poll(async () => (await recordedEvents(staff, 'page_view', first!)).length).toBe(2);

    const other = await context.newPage();
    await openLanding(other);
    expect(await sessionIdOf(other)).not.toBe(first);
  });
});

test.describe('the landing page, checked by axe-core', () => {
  // axe is injected as an inline script, which the page's own policy rightly refuses.
  test.use({ bypassCSP: true });

  test('has no serious or critical accessibility violations (axe-core)', async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      // Checked at rest: the entrance animation fades text in, which axe would catch mid-way.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openLanding(page);
      const violations = await seriousViolations(page);
      expect({ viewport, violations }).toEqual({ viewport, violations: [] });
    }
  });
});
