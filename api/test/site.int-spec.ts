import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { SiteService } from '../src/modules/settings/site.service.js';
import { createTestApp, TEST_DATABASE } from './support/test-app.js';

describe(`site configuration on ${TEST_DATABASE}`, () => {
  it('serves the seeded defaults to guests, cacheable', async () => {
    const t = await createTestApp();
    try {
      const res = await t.http.get('/api/site').expect(200);
      expect(res.body).toEqual(DEFAULT_SITE_CONFIG);
      expect(res.body.restaurant.phone).toMatch(/555/);
      expect(res.body.restaurant.email).toMatch(/\.example$/);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await t.close();
    }
  });

  it('keeps an edited configuration across a restart instead of re-seeding', async () => {
    const first = await createTestApp();
    const edited = { ...DEFAULT_SITE_CONFIG, restaurant: { ...DEFAULT_SITE_CONFIG.restaurant, phone: '(408) 555-0199' } };
    await first.app.get(SiteService).update(edited);
    await first.app.close();
    const sameDatabase: Record<string, string> = first.config.database.type === 'sqlite' ? { SQLITE_PATH: first.config.database.path } : {};
    const second = await createTestApp(sameDatabase, { keepDatabase: true });
    try {
      const res = await second.http.get('/api/site').expect(200);
      expect(res.body.restaurant.phone).toBe('(408) 555-0199');
    } finally {
      await second.close();
      await first.close();
    }
  });
});
