import { createTestApp } from './support/test-app.js';

describe('security headers from the API', () => {
  it("sends a strict policy without Stripe, and adds only Stripe's domains with it", async () => {
    const plain = await createTestApp();
    const stripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    try {
      const res = await plain.http.get('/api/health').expect(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('stripe');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();

      const withStripe = String((await stripe.http.get('/api/health').expect(200)).headers['content-security-policy']);
      expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
      expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
      expect(withStripe).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    } finally {
      await plain.close();
      await stripe.close();
    }
  });
});

describe('files for crawlers from the API', () => {
  it('answers robots.txt and sitemap.xml even without the built site, naming the address asked for when PUBLIC_URL is unset', async () => {
    const t = await createTestApp();
    try {
      const robots = await t.http.get('/robots.txt').set('Host', 'festival.test:8080').expect(200);
      expect(robots.text).toContain('Disallow: /admin\n');
      expect(robots.text).toContain('Sitemap: http://festival.test:8080/sitemap.xml\n');
      const sitemap = await t.http.get('/sitemap.xml').set('Host', 'festival.test:8080').expect(200);
      expect(sitemap.text).toContain('<loc>http://festival.test:8080/diwali-party</loc>');
      expect(sitemap.text).not.toContain('/admin');
    } finally {
      await t.close();
    }
  });
});
