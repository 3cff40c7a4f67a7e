import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_ADMIN_PASSWORD, NGINX_REDIRECT_PORT, VIA_NGINX } from '../support/environment';

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
      // HSTS from nginx over HTTPS only; the embedded server (plain HTTP on this machine) sends none.
      if (VIA_NGINX) expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      else expect(headers['strict-transport-security']).toBeUndefined();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
      expect(violations).toEqual([]);
    });
  }

  test('the metrics are never served on the public site: /metrics and /api/metrics are 404s', async ({ request }) => {
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await request.get(path);
      expect([path, res.status()]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('festival_http_requests_total');
    }
  });

  test('the API answers with the same headers, once each', async ({ request }) => {
    const res = await request.get('/api/health');
    const raw = res.headersArray();
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(raw.filter((h) => h.name.toLowerCase() === name)).toHaveLength(1);
    }
  });
});

test.describe(VIA_NGINX ? 'HTTPS through nginx' : 'plain HTTP from the embedded server', () => {
  test(`staff sign in on the login page: the session cookie is ${VIA_NGINX ? 'Secure' : 'not Secure (plain HTTP)'}, and the page's own writes pass the same-origin check`, async ({
    page,
  }) => {
    expect(new URL(BASE_URL).protocol).toBe(VIA_NGINX ? 'https:' : 'http:');
    await page.goto('/admin/login');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'festival.sid');
    // Through nginx the API learns the scheme from X-Forwarded-Proto (it trusts nginx's address).
    expect(session).toMatchObject({ secure: VIA_NGINX, httpOnly: true, sameSite: 'Strict', path: '/' });

    // A staff write from the page carries the page's Origin, which must match the Host nginx
    // passes on (scheme included): an invalid body then gets the validation's 400, not a 403.
    const status = await page.evaluate(() =>
      fetch('/api/admin/promo-codes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
        (r) => r.status,
      ),
    );
    expect(status).toBe(400);
    const elsewhere = await page.request.post('/api/admin/promo-codes', { data: {}, headers: { Origin: 'https://elsewhere.example' } });
    expect(elsewhere.status()).toBe(403);
  });

  if (VIA_NGINX) {
    const plain = `http://127.0.0.1:${NGINX_REDIRECT_PORT}`;

    test("the browser takes the run's certificate as valid and talks TLS 1.3", async ({ browser }) => {
      // No ignoreHTTPSErrors: Chromium trusts the certificate by its key (CHROMIUM_ARGS), so its
      // HTTP cache and the door's service worker behave as on a real site.
      const context = await browser.newContext({ ignoreHTTPSErrors: false });
      const response = await (await context.newPage()).goto(`${BASE_URL}/diwali-party`);
      expect(response!.status()).toBe(200);
      expect(await response!.securityDetails()).toMatchObject({ protocol: 'TLS 1.3', subjectName: '127.0.0.1' });
      await context.close();
    });

    test('plain HTTP answers only with a 301 to the same path and query over HTTPS, without HSTS', async ({ request }) => {
      for (const path of ['/diwali-party?x=1', '/', '/api/health', '/admin/login?next=%2Fadmin']) {
        const res = await request.get(`${plain}${path}`, { maxRedirects: 0 });
        expect([path, res.status(), res.headers()['location']]).toEqual([path, 301, `${BASE_URL}${path}`]);
        expect(res.headers()['strict-transport-security']).toBeUndefined();
      }
      const post = await request.post(`${plain}/api/admin/login`, { data: { password: E2E_ADMIN_PASSWORD }, maxRedirects: 0 });
      expect([post.status(), post.headers()['location'], post.headers()['set-cookie']]).toEqual([
        301,
        `${BASE_URL}/api/admin/login`,
        undefined,
      ]);
    });

    test("plain HTTP serves a certificate authority's challenge files (the ACME webroot), nothing else", async ({ request }) => {
      const token = `token-${Date.now()}`;
      const challenges = join(process.env.E2E_WORK_DIR!, 'acme', '.well-known', 'acme-challenge');
      mkdirSync(challenges, { recursive: true });
      writeFileSync(join(challenges, token), `${token}.key-authorization`);
      const res = await request.get(`${plain}/.well-known/acme-challenge/${token}`, { maxRedirects: 0 });
      expect([res.status(), await res.text()]).toEqual([200, `${token}.key-authorization`]);
      expect((await request.get(`${plain}/.well-known/acme-challenge/missing`, { maxRedirects: 0 })).status()).toBe(404);
    });

    test('a browser that opens the http:// address ends on the HTTPS page', async ({ page }) => {
      const response = await page.goto(`${plain}/diwali-party?utm_source=poster`);
      expect(response!.url()).toBe(`${BASE_URL}/diwali-party?utm_source=poster`);
      expect(response!.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      await expect(page.locator('main').first()).toBeVisible();
    });
  }
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
    expect(locs).toEqual([
      '/',
      '/hi/',
      '/ta/',
      '/diwali-party',
      '/hi/diwali-party',
      '/ta/diwali-party',
      '/privacy',
      '/hi/privacy',
      '/ta/privacy',
      '/terms',
      '/hi/terms',
      '/ta/terms',
      '/drinks',
      '/hi/drinks',
      '/ta/drinks',
    ]);
  });

  test('staff pages say noindex, in the header and in the page; public pages do not', async ({ page, request }) => {
    for (const path of ['/admin', '/admin/login']) {
      const res = await request.get(path);
      expect([path, res.headers()['x-robots-tag']]).toEqual([path, 'noindex, nofollow']);
    }
    for (const path of ['/', '/diwali-party', '/privacy', '/terms', '/drinks']) {
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
