import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { SiteService } from '../src/modules/settings/site.service.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const SHELL_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Diwali Festival</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe(`the landing page's HTML on ${TEST_DATABASE}`, () => {
  let staticRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    // A built shell as the embedded mode serves it.
    staticRoot = mkdtempSync(join(tmpdir(), 'festival-static-'));
    mkdirSync(join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(staticRoot, 'shell', 'dist', 'index.html'), SHELL_HTML);
    t = await createTestApp({ STATIC_ROOT: staticRoot, PUBLIC_URL: 'https://festival.example' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('carries the title, description, preview tags and JSON-LD for crawlers that run no script', async () => {
    const res = await t.http.get('/').expect(200);
    const html = res.text;
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(html).toContain('<title>Diwali Family Feast Packs &amp; Diwali DJ Night | Saffron Leaf</title>');
    expect(metaOf(html, 'description')).toContain('Friday, October 24, 2025');
    expect(metaOf(html, 'og:title')).toBe('Diwali Family Feast Packs &amp; Diwali DJ Night | Saffron Leaf');
    expect(metaOf(html, 'og:url')).toBe('https://festival.example/');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:image')).toBe('https://festival.example/og-image.png');
    const [restaurant, event] = jsonLdOf(html);
    expect(restaurant).toMatchObject({ '@type': 'Restaurant', name: 'Saffron Leaf', telephone: DEFAULT_SITE_CONFIG.restaurant.phone });
    expect(event).toMatchObject({ '@type': 'Event', name: 'Diwali DJ Night', startDate: '2025-10-24T19:00:00-07:00' });
  });

  it('follows the site configuration, so next year needs no code change', async () => {
    const site = t.app.get(SiteService);
    await site.update({
      ...DEFAULT_SITE_CONFIG,
      party: { ...DEFAULT_SITE_CONFIG.party, name: 'Diwali DJ Night 2026', startsAt: '2026-11-06T19:00:00-08:00' },
    });
    try {
      const html = (await t.http.get('/').expect(200)).text;
      expect(metaOf(html, 'og:title')).toBe('Diwali Family Feast Packs &amp; Diwali DJ Night 2026 | Saffron Leaf');
      expect(jsonLdOf(html)[1]).toMatchObject({ name: 'Diwali DJ Night 2026', startDate: '2026-11-06T19:00:00-08:00' });
    } finally {
      await site.update(DEFAULT_SITE_CONFIG);
    }
  });

  it('gives the party page its own title and preview tags, with the same image', async () => {
    const html = (await t.http.get('/diwali-party').expect(200)).text;
    expect(html).toContain('<title>Diwali DJ Night tickets | Saffron Leaf</title>');
    expect(metaOf(html, 'og:url')).toBe('https://festival.example/diwali-party');
    expect(metaOf(html, 'og:image')).toBe('https://festival.example/og-image.png');
    expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaOf(html, 'twitter:image')).toBe('https://festival.example/og-image.png');
    expect(html).toContain('<link rel="canonical" href="https://festival.example/diwali-party"');
    expect(jsonLdOf(html)).toEqual([expect.objectContaining({ '@type': 'Event', url: 'https://festival.example/diwali-party' })]);
  });

  it('gives the party page in Hindi and Tamil its title and description in that language, at its own address', async () => {
    const hindi = (await t.http.get('/hi/diwali-party').expect(200)).text;
    expect(hindi).toContain('<title>Diwali DJ Night के टिकट | Saffron Leaf</title>');
    const description = metaOf(hindi, 'description') ?? '';
    expect(description).toMatch(/^Diwali DJ Night: शुक्रवार, 24 अक्टूबर 2025, .+ में। .+। वयस्क \$49\.99, बच्चे \$29\.99।$/);
    expect(metaOf(hindi, 'og:locale')).toBe('hi_IN');
    expect(metaOf(hindi, 'og:url')).toBe('https://festival.example/hi/diwali-party');
    expect(hindi).toContain('<link rel="canonical" href="https://festival.example/hi/diwali-party"');
    expect(jsonLdOf(hindi)).toEqual([
      expect.objectContaining({ '@type': 'Event', url: 'https://festival.example/hi/diwali-party', inLanguage: 'hi-IN' }),
    ]);

    const tamil = (await t.http.get('/ta/diwali-party').expect(200)).text;
    expect(tamil).toContain('<title>Diwali DJ Night டிக்கெட்டுகள் | Saffron Leaf</title>');
    expect(metaOf(tamil, 'description')).toMatch(/[\u0B80-\u0BFF]/);
    expect(metaOf(tamil, 'og:locale')).toBe('ta_IN');
    // The English page is as it was.
    const english = (await t.http.get('/diwali-party').expect(200)).text;
    expect(metaOf(english, 'og:locale')).toBe('en_US');
    expect(jsonLdOf(english)[0]).not.toHaveProperty('inLanguage');
  });

  it('gives the landing page in Hindi and Tamil its title and description in that language, at its own address', async () => {
    const hindi = (await t.http.get('/hi/').expect(200)).text;
    expect(hindi).toContain('<title>दिवाली फ़ैमिली फ़ीस्ट पैक और Diwali DJ Night | Saffron Leaf</title>');
    expect(metaOf(hindi, 'description')).toMatch(
      /^Saffron Leaf के साथ दिवाली मनाइए \(.+, \d{4} से\): Diwali DJ Night, शुक्रवार, 24 अक्टूबर 2025, /,
    );
    expect(metaOf(hindi, 'og:locale')).toBe('hi_IN');
    expect(metaOf(hindi, 'og:url')).toBe('https://festival.example/hi/');
    expect(hindi).toContain('<link rel="canonical" href="https://festival.example/hi/"');
    const [restaurant, event] = jsonLdOf(hindi);
    // One restaurant at one address in every language; the party's offers lead to its page in Hindi.
    expect(restaurant).toMatchObject({
      '@type': 'Restaurant',
      '@id': 'https://festival.example/#restaurant',
      url: 'https://festival.example/',
    });
    expect(event).toMatchObject({ '@type': 'Event', url: 'https://festival.example/hi/diwali-party', inLanguage: 'hi-IN' });

    const tamil = (await t.http.get('/ta/').expect(200)).text;
    expect(tamil).toContain('<title>தீபாவளி குடும்ப ஃபீஸ்ட் பேக்குகள் &amp; Diwali DJ Night | Saffron Leaf</title>');
    expect(metaOf(tamil, 'og:locale')).toBe('ta_IN');
    // The English page is as it was.
    const english = (await t.http.get('/').expect(200)).text;
    expect(metaOf(english, 'og:url')).toBe('https://festival.example/');
    expect(jsonLdOf(english)[1]).not.toHaveProperty('inLanguage');
  });

  it('serves robots.txt and sitemap.xml with the public address, and tells crawlers to skip the staff pages', async () => {
    const robots = await t.http.get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://festival.example/sitemap.xml\n');
    const sitemap = await t.http.get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect([...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      ['/', '/hi/', '/ta/', '/diwali-party', '/hi/diwali-party', '/ta/diwali-party', '/privacy', '/hi/privacy', '/ta/privacy']
        .concat(['/terms', '/hi/terms', '/ta/terms', '/drinks', '/hi/drinks', '/ta/drinks'])
        .map((path) => `https://festival.example${path}`),
    );
    for (const path of ['/admin', '/admin/login', '/admin/settings']) {
      expect([path, (await t.http.get(path).expect(200)).headers['x-robots-tag']]).toEqual([path, 'noindex, nofollow']);
    }
    for (const path of ['/', '/diwali-party', '/drinks', '/api/admin/check']) {
      expect([path, (await t.http.get(path).expect(200)).headers['x-robots-tag']]).toEqual([path, undefined]);
    }
  });

  it('leaves the other pages of the shell as they are', async () => {
    const html = (await t.http.get('/drinks').expect(200)).text;
    expect(html).toBe(SHELL_HTML);
    const missing = await t.http.get('/no-such-page').expect(404);
    expect(missing.text).toBe(SHELL_HTML);
  });
});
