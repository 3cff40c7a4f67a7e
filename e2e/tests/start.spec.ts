import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../support/environment';
import { startProcess, stopProcess, waitForHttp } from '../support/processes';

const PORT = Number(process.env.E2E_START_PORT ?? 8095);

test.describe('npm start', () => {
  test('serves the shell, the three remotes and the API from one process', async ({ page }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'festival-start-'));
    // What `npm start` runs: install and build when stale (nothing to do here), then serve.
    const server = startProcess(
      'npm start',
      process.execPath,
      ['scripts/start.mjs'],
      { ...process.env, PORT: String(PORT), SQLITE_PATH: join(dir, 'start.sqlite'), OUTBOX_DIR: join(dir, 'outbox'), LOG_LEVEL: 'warn' },
      ROOT,
    );
    try {
      const base = `http://localhost:${PORT}`;
      await waitForHttp(`${base}/api/health`, 150_000);
      expect((await page.request.get(`${base}/api/health`)).status()).toBe(200);

      await page.goto(`${base}/`);
      await expect(page.getByRole('heading', { name: 'Diwali Family Feast Packs' })).toBeVisible();
      await page.goto(`${base}/drinks`);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(page.getByText(/drink/i).first()).toBeVisible();
      await page.goto(`${base}/admin/login`);
      await expect(page.getByLabel(/password/i)).toBeVisible();
      const missing = await page.goto(`${base}/nope`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    } finally {
      await stopProcess(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
