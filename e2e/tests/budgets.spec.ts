import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const KB = 1024;

/** Gzipped bytes of every script a page downloads until the network is idle. */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzip: number; body: string }[]> {
  const scripts: Promise<{ url: string; gzip: number; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        gzip: gzipSync(body, { level: 9 }).length,
        body: body.toString('utf8'),
      })),
    );
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

const total = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);

test.describe('page-weight budgets (gzipped JavaScript)', () => {
  test('/drinks stays within 170 KB', async ({ page }) => {
    const files = await scriptsOf(page, '/drinks');
    expect(total(files)).toBeLessThanOrEqual(170 * KB);
  });

  test('/ stays within 150 KB', async ({ page }) => {
    const files = await scriptsOf(page, '/');
    expect(total(files)).toBeLessThanOrEqual(150 * KB);
  });

  for (const path of ['/', '/diwali-party', '/drinks']) {
    test(`${path} carries neither antd nor the charts`, async ({ page }) => {
      const files = await scriptsOf(page, path);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((f) => f.url.includes('/remotes/admin-app/') || /ant-btn|@antv\/|antd/.test(f.body)).map((f) => f.url)).toEqual(
        [],
      );
    });
  }
});
