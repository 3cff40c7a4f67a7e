import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_REMOTES_MANIFEST } from '../../packages/contracts/src/remotes';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../packages/contracts/src/site';
import { ROOT, VIA_NGINX } from '../support/environment';

/**
 * The landing and party pages and the drinks menu's frame are pre-rendered
 * (scripts/prerender.mjs): their HTML shows the page before any script arrives, and the
 * scripts then hydrate that HTML instead of drawing the page again.
 */

/** Console errors (React reports a hydration mismatch there) and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Remembers the page's first h1 as the HTML delivered it, before React touches the page. */
async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
}

/** Whether the h1 on screen is still the element the HTML delivered (hydrated, not redrawn). */
const sameHeading = (page: Page) =>
  page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('h1'));

/**
 * Uses the party page once it is live: the promo box asks the API and answers. (The ticket
 * counters depend on how many tickets the other specs left, the promo box does not.)
 */
async function checkPromoCode(page: Page): Promise<void> {
  await page.getByLabel('Promo code').fill('FREEPARTY');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid promo code')).toBeVisible();
}

test.describe('pre-rendered pages, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the hero and the tickets call-to-action', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('[data-section="hero"]');
    await expect(hero.getByRole('heading', { level: 1, name: 'Diwali Family Feast Packs' })).toBeVisible();
    await expect(hero.getByText('Presented by Saffron Leaf · South Indian Kitchen since 1995')).toBeVisible();
    await expect(hero.getByText('Pickup: October 18-19, 11 AM to 3 PM')).toBeVisible();
    // Styled by the public site's own stylesheet, linked in the HTML: the hero's maroon ground.
    await expect(hero).not.toHaveCSS('background-image', 'none');
    const tickets = page.getByRole('link', { name: 'Reserve Your Tickets Now' });
    await expect(tickets).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();

    // The call-to-action is a plain link: it works before (and without) any script.
    await tickets.click();
    await expect(page).toHaveURL(/\/diwali-party$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Diwali DJ Night' })).toBeVisible();
  });

  test('/diwali-party shows the event hero', async ({ page }) => {
    await page.goto('/diwali-party');
    const hero = page.locator('.party-hero');
    await expect(hero.getByText('Saffron Leaf presents')).toBeVisible();
    await expect(hero.getByRole('heading', { level: 1, name: 'Diwali DJ Night' })).toBeVisible();
    await expect(hero.getByText('Friday, October 24, 2025')).toBeVisible();
    await expect(hero.getByText(/^Adults \$49\.99/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select your tickets' })).toBeVisible();
    // Until the script arrives the ticket buttons are disabled rather than silently dead.
    await expect(page.getByRole('button', { name: 'Increase adult tickets' })).toBeDisabled();
  });

  test('/drinks shows its header, the complimentary drink and a placeholder for the menu', async ({ page }) => {
    await page.goto('/drinks');
    await expect(page.getByRole('heading', { level: 1, name: 'Drinks Menu' })).toBeVisible();
    await expect(page.getByText('Saffron Leaf · Diwali DJ Night')).toBeVisible();
    await expect(page.getByText('Your first drink is on us!')).toBeVisible();
    // Styled by the drinks app's own stylesheet, linked in the HTML.
    await expect(page.locator('.drinks-header')).toHaveCSS('position', 'sticky');
    await expect(page.getByRole('status', { name: 'Loading the menu' })).toBeVisible();
    // The cart needs the script (it is saved on the phone): disabled until then.
    await expect(page.getByRole('button', { name: 'Cart (0)' })).toBeDisabled();
  });

  test('the other pages stay the plain shell', async ({ page }) => {
    for (const path of ['/drinks/checkout', '/admin/login']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

test.describe('pre-rendered pages, hydrated', () => {
  test('/ hydrates without a mismatch or an error and works as before', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberServerHeading(page);
    await page.goto('/');
    const viewPacks = page.getByRole('button', { name: 'View Feast Packs' });
    await expect(viewPacks).toBeEnabled();
    await viewPacks.click();
    await expect(page.locator('#packs')).toBeFocused();
    await page.getByRole('button', { name: 'Cart, empty' }).click();
    await expect(page.getByRole('region', { name: 'Your cart' })).toContainText('Your cart is empty');
    expect(await sameHeading(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('/diwali-party hydrates without a mismatch or an error and works as before', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberServerHeading(page);
    await page.goto('/diwali-party');
    await checkPromoCode(page);
    expect(await sameHeading(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('/drinks hydrates without a mismatch, then shows the menu and the cart saved on the phone', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/drinks');
    const lassi = page.getByRole('article', { name: 'Mango Lassi', exact: true });
    await lassi.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Cart (1)' })).toBeEnabled();

    // Reloaded: the HTML has an empty cart, the phone has one drink in it. The page hydrates
    // the HTML, then shows the saved cart.
    await rememberServerHeading(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cart (1)' })).toBeEnabled();
    await expect(lassi.getByText('1 in cart')).toBeVisible();
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    await expect(page.getByRole('button', { name: 'Remove Mango Lassi' })).toBeVisible();
    expect(await sameHeading(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('when /remotes.json points the public site at another build, the page is drawn afresh instead', async ({ page }) => {
    // The HTML goes with the build it was rendered from; a remote redeployed on its own (to a
    // new folder, listed in /remotes.json) may render differently, so it is not hydrated.
    const errors = collectErrors(page);
    await rememberServerHeading(page);
    await page.route('**/remotes.json', (route) =>
      route.fulfill({ json: { ...DEFAULT_REMOTES_MANIFEST, public_site: '/remotes/public-site-next/remoteEntry.js' } }),
    );
    await page.route('**/remotes/public-site-next/**', (route) => {
      const file = new URL(route.request().url()).pathname.replace('/remotes/public-site-next/', '');
      return route.fulfill({ path: join(ROOT, 'public-site', 'dist', file) });
    });
    await page.goto('/diwali-party');
    await checkPromoCode(page);
    expect(await sameHeading(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  test('a page whose HTML does not match what the browser renders is reported', async ({ page }) => {
    // The check above would catch a real mismatch: alter the delivered HTML and React says so.
    const errors = collectErrors(page);
    await page.route('**/diwali-party', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('Select your tickets', 'Select tickets') });
    });
    await page.goto('/diwali-party');
    await expect(page.getByRole('heading', { name: 'Select your tickets' })).toBeVisible();
    await expect.poll(() => errors.join('\n')).toContain('did not hydrate cleanly');
  });
});

/**
 * The longest any cache in front of the database can still hand out an answer read before a
 * change (see storeSiteConfig), with a margin: nginx keeps a copy of each page per variant
 * (`Vary`: the browser's encodings and languages), and one not asked for since the change is
 * handed out once more to the requests that arrive while the first one after it refreshes it,
 * until nginx drops copies unused for 10 s (`inactive=10s`, docs/performance-caching.md).
 */
const CACHES_KEEP_MS = 11_000;

test.describe('a configuration the staff changed at run time', () => {
  const changed = {
    ...DEFAULT_SITE_CONFIG,
    party: { ...DEFAULT_SITE_CONFIG.party, name: 'Diwali DJ Night Encore', adultPriceCents: 5499 },
  };

  /**
   * Stores a configuration in the database, as a change by the staff would, and waits until the
   * API serves it and the party page is rendered with it, and no cache in front of them can still
   * hand out the old one (CACHES_KEEP_MS). The ticket prices live in the Tickets settings
   * (docs/settings.md), so the adult price goes there.
   */
  async function storeSiteConfig(request: APIRequestContext, config: SiteConfig): Promise<void> {
    const sqlitePath = process.env.E2E_SQLITE_PATH;
    if (!sqlitePath) throw new Error('E2E_SQLITE_PATH is not set: run the suite through its global setup');
    const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => {
      prepare(sql: string): { run(...values: unknown[]): unknown };
      close(): void;
    };
    const db = new Database(sqlitePath);
    try {
      db.prepare(`UPDATE site_settings SET value = ? WHERE key = 'site'`).run(JSON.stringify(config));
      db.prepare(
        `UPDATE settings SET value = json_set(value, '$.adultPriceCents', ?) WHERE scope = 'current-event' AND section = 'tickets'`,
      ).run(config.party.adultPriceCents);
    } finally {
      db.close();
    }
    // Served by the API and in the pages it renders, and for longer than any cache can hand out
    // an answer read before the change (the API's hot read 0.75 s; nginx's copy of a page 1 s, or
    // up to its 2 s lock while it renders one afresh, and a copy of another variant until it is
    // dropped unused, CACHES_KEEP_MS): the next spec's guests must not get the old one.
    const adults = `Adults $${(config.party.adultPriceCents / 100).toFixed(2)}`;
    const served = async () => {
      const party = ((await (await request.get('/api/site')).json()) as SiteConfig).party;
      const html = await (await request.get('/diwali-party')).text();
      return (
        party.name === config.party.name &&
        party.adultPriceCents === config.party.adultPriceCents &&
        html.includes(`>${config.party.name}</h1>`) &&
        html.includes(adults)
      );
    };
    let servedSince: number | undefined;
    await expect
      .poll(
        async () => {
          if (!(await served())) {
            servedSince = undefined;
            return false;
          }
          servedSince ??= Date.now();
          return Date.now() - servedSince >= CACHES_KEEP_MS;
        },
        { timeout: 45_000, intervals: [250] },
      )
      .toBe(true);
  }

  test.beforeAll(async ({ request }) => {
    test.setTimeout(60_000);
    await storeSiteConfig(request, changed);
  });
  test.afterAll(async ({ request }) => {
    test.setTimeout(60_000);
    await storeSiteConfig(request, DEFAULT_SITE_CONFIG);
  });

  test('the page hydrates without a mismatch and shows the current name and prices', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/diwali-party');
    const hero = page.locator('.party-hero');
    await expect(hero.getByRole('heading', { level: 1, name: 'Diwali DJ Night Encore' })).toBeVisible();
    await expect(hero.getByText(/^Adults \$54\.99/)).toBeVisible();
    await checkPromoCode(page);
    expect(errors).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test(`${VIA_NGINX ? 'nginx serves' : 'the embedded mode renders'} the HTML with the current configuration`, async ({ page }) => {
      await page.goto('/diwali-party');
      const hero = page.locator('.party-hero');
      // The API renders the page again with the configuration it serves (through nginx too,
      // which passes the pre-rendered pages to it; docs/landing-page.md).
      await expect(hero.getByRole('heading', { level: 1, name: 'Diwali DJ Night Encore', exact: true })).toBeVisible();
      await expect(hero.getByText(/^Adults \$54\.99/)).toBeVisible();
    });
  });
});
