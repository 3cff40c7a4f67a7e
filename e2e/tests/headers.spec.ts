import { expect, test } from '@playwright/test';
import { VIA_NGINX } from '../support/environment';

const PAGES = ['/', '/diwali-party', '/drinks', '/admin/login'];

test.describe('security headers', () => {
  for (const path of PAGES) {
    test(`${path} is served with a strict policy and renders without violating it`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)|policy violation/i.test(message.text()))
          violations.push(message.text());
      });
      // Also what the browser refuses silently (a caught `new Function`, for one): it still
      // reports it, to DevTools and to any report endpoint.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP policy violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
        });
      });
      const response = await page.goto(path);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      if (VIA_NGINX) expect(headers['strict-transport-security']).toContain('max-age=');
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
      expect(violations).toEqual([]);
    });
  }

  test('the API answers with the same headers, once each', async ({ request }) => {
    const res = await request.get('/api/health');
    const raw = res.headersArray();
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(raw.filter((h) => h.name.toLowerCase() === name)).toHaveLength(1);
    }
  });
});
