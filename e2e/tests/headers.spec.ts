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

/** The `content` of a head meta tag in HTML as a crawler gets it (no script run). */
const metaContent = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

test.describe('what crawlers, link previews and home screens see', () => {
  test('robots.txt keeps crawlers out of the staff pages and names the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\.xml$/m);
  });

  test('sitemap.xml lists the public pages by absolute address', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/xml/);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs).toEqual(['/', '/diwali-party', '/drinks']);
  });

  test('staff pages say noindex, in the header and in the page; public pages do not', async ({ page, request }) => {
    for (const path of ['/admin', '/admin/login']) {
      const res = await request.get(path);
      expect([path, res.headers()['x-robots-tag']]).toEqual([path, 'noindex, nofollow']);
    }
    for (const path of ['/', '/diwali-party', '/drinks']) {
      expect([path, (await request.get(path)).headers()['x-robots-tag']]).toEqual([path, undefined]);
    }
    await page.goto('/admin/login');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  for (const path of ['/', '/diwali-party']) {
    test(`${path} has a preview image in its HTML, and the image is there`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const image = metaContent(html, 'og:image');
      expect(image).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      const res = await request.get(new URL(image!).pathname);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect((await res.body()).subarray(16, 24)).toEqual(Buffer.from([0, 0, 4, 176, 0, 0, 2, 118])); // 1200 × 630
    });
  }

  test('the pages link a web app manifest and an apple-touch-icon that load', async ({ page, request }) => {
    await page.goto('/');
    const manifestHref = await page.locator('head link[rel="manifest"]').getAttribute('href');
    const iconHref = await page.locator('head link[rel="apple-touch-icon"]').getAttribute('href');
    const manifest = await request.get(manifestHref!);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { name: string; start_url: string; icons: { src: string; type: string }[] };
    expect(body).toMatchObject({ name: 'Diwali Festival', start_url: '/' });
    for (const icon of [...body.icons, { src: iconHref!, type: 'image/png' }]) {
      const res = await request.get(icon.src);
      expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, expect.stringContaining(icon.type)]);
    }
  });
});
