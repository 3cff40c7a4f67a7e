import { expect, test, type Page } from '@playwright/test';

/**
 * The pages that are not pre-rendered paint a loading state first, then their content. Nothing
 * on screen may jump when the content replaces it (layout shifts, as Chromium reports them to
 * the page: the sum is the page's cumulative layout shift, which Lighthouse counts for the
 * pre-rendered ones). The answers the content waits for are held back a moment, so the loading
 * state surely paints first whatever the machine's speed.
 */
const HELD_BACK_MS = 800;

async function layoutShiftWhileLoading(page: Page, path: string, heldBack: RegExp, loaded: (page: Page) => Promise<void>) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route(heldBack, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_BACK_MS));
    await route.continue();
  });
  await page.goto(path);
  await loaded(page);
  // Shifts are reported after the frame that made them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
}

test.describe('pages that load their content after the first paint', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('My tickets does not jump when the sign-in form and the party name replace the loading state', async ({ page }) => {
    const shift = await layoutShiftWhileLoading(page, '/my-tickets', /\/api\/(my-tickets|site)$/, async (loaded) => {
      await expect(loaded.getByRole('heading', { name: 'Get a sign-in link' })).toBeVisible({ timeout: 20_000 });
      await expect(loaded.locator('.my-tickets-hero__event')).not.toHaveText('\u00a0');
    });
    expect(shift).toBeLessThan(0.01);
  });

  test('the feast checkout does not jump when its content replaces the loading state', async ({ page }) => {
    const shift = await layoutShiftWhileLoading(page, '/feast-packs/checkout', /\/api\/(feast-packs|site)(\?.*)?$/, async (loaded) => {
      await expect(loaded.locator('main.feast-checkout [role="status"]')).toHaveCount(0, { timeout: 20_000 });
      await expect(loaded.locator('main.feast-checkout').getByRole('heading').first()).toBeVisible();
    });
    expect(shift).toBeLessThan(0.01);
  });
});
