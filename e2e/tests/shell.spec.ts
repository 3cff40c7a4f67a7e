import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_REMOTES_MANIFEST, sitePaths } from '../../packages/contracts/src/remotes';
import { ROOT } from '../support/environment';

test.describe('the shell composes the remotes', () => {
  test('routes each path to its remote, and anything else to the 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Diwali Family Feast Packs' })).toBeVisible();

    await page.goto('/drinks');
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();

    await page.goto('/admin/login');
    await expect(page.getByText('Admin Access')).toBeVisible();

    const res = await page.goto('/nope');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('shows the 404 page with a 404 status at any path no screen claims, below the remotes too', async ({ page }) => {
    for (const path of ['/drinks/nope', '/admin/nope', '/diwali-party/nope', '/nope']) {
      const res = await page.goto(path);
      expect([path, res?.status()]).toEqual([path, 404]);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    }
  });

  test('answers every page of the route table with a 200 and the shell', async ({ request }) => {
    for (const path of sitePaths()) {
      const res = await request.get(path);
      expect([path, res.status()]).toEqual([path, 200]);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  test('the API answers health through the same origin', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('loading / downloads none of the admin-app code', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Diwali Family Feast Packs' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.url.includes('/remotes/admin-app/'))).toEqual([]);
    // antd's class prefix and the charts' rendering engine appear in any bundle that holds them.
    expect(scripts.filter((s) => /ant-btn|@antv\/|antd/.test(s.body)).map((s) => s.url)).toEqual([]);
  });
});

test.describe('remote URLs are read at run time', () => {
  let canaryDir: string;

  test.beforeAll(() => {
    // A second build of the public-site remote, made after the shell was built.
    canaryDir = mkdtempSync(join(tmpdir(), 'public-site-canary-'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: join(ROOT, 'public-site'),
      env: { ...process.env, VITE_RELEASE: 'canary', REMOTE_OUT_DIR: canaryDir },
      stdio: 'inherit',
    });
  });
  test.afterAll(() => rmSync(canaryDir, { recursive: true, force: true }));

  test('the shell shows the build the manifest points at, without being rebuilt', async ({ page }) => {
    await page.route('**/remotes.json', (route) =>
      route.fulfill({
        json: { ...DEFAULT_REMOTES_MANIFEST, public_site: '/remotes/public-site-canary/remoteEntry.js' },
      }),
    );
    await page.route('**/remotes/public-site-canary/**', (route) => {
      const path = new URL(route.request().url()).pathname.replace('/remotes/public-site-canary/', '');
      return route.fulfill({ path: join(canaryDir, path) });
    });

    await page.goto('/');
    await expect(page.getByText('Release canary')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Diwali Family Feast Packs' })).toBeVisible();
  });

  test('a remote that fails to load shows a message with Retry, and Retry recovers', async ({ page }) => {
    let broken = true;
    await page.route('**/remotes.json', (route) =>
      route.fulfill({
        json: broken ? { ...DEFAULT_REMOTES_MANIFEST, drinks_app: '/remotes/missing/remoteEntry.js' } : DEFAULT_REMOTES_MANIFEST,
      }),
    );
    await page.goto('/drinks');
    await expect(page.getByRole('heading', { name: "This page didn't load" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toHaveCount(0);

    broken = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Drinks Menu' })).toBeVisible();
  });
});
