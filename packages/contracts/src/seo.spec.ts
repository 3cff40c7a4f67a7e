import { landingPageSeo, PAGE_SEO, partyPageSeo, schemaOrgOpeningHours } from './seo.js';
import { DEFAULT_SITE_CONFIG } from './site.js';

describe('landing page SEO', () => {
  const seo = landingPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example/');

  it('builds the title, description and preview tags from the configuration', () => {
    expect(seo.title).toBe('Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf');
    expect(seo.canonicalUrl).toBe('https://festival.example/');
    expect(seo.description).toContain('Friday, October 24, 2025');
    expect(seo.description).toContain('(408) 555-0142');
    const tag = (key: string) => seo.meta.find((m) => m.key === key)?.content;
    expect(tag('og:title')).toBe(seo.title);
    expect(tag('og:url')).toBe('https://festival.example/');
    expect(tag('twitter:card')).toBe('summary_large_image');
    expect(tag('og:image')).toBe('https://festival.example/og-image.png');
    expect([tag('og:image:width'), tag('og:image:height'), tag('twitter:image')]).toEqual([
      '1200',
      '630',
      'https://festival.example/og-image.png',
    ]);
    expect(tag('description')).toBe(seo.description);
  });

  it('describes the restaurant and the party as schema.org Restaurant and Event', () => {
    const [restaurant, event] = seo.jsonLd;
    expect(restaurant).toMatchObject({
      '@type': 'Restaurant',
      name: 'Saffron Leaf',
      telephone: '(408) 555-0142',
      foundingDate: '1995',
      address: { addressLocality: 'San Jose', addressRegion: 'CA' },
      openingHours: ['Mo-Fr 11:00-22:00', 'Sa-Su 10:00-23:00'],
    });
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Diwali DJ Night',
      startDate: '2025-10-24T19:00:00-07:00',
      endDate: '2025-10-24T23:00:00-07:00',
      url: 'https://festival.example/diwali-party',
      location: { '@type': 'Place', name: 'Milpitas ICC Community Hall' },
    });
    expect((event.offers as { price: string }[]).map((o) => o.price)).toEqual(['49.99', '29.99']);
  });
});

describe('party page SEO', () => {
  const seo = partyPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example');
  const tag = (key: string) => seo.meta.find((m) => m.key === key)?.content;

  it('has its own title, description and address, and the same preview image', () => {
    expect(seo.title).toBe('Diwali DJ Night tickets | Saffron Leaf');
    expect(seo.canonicalUrl).toBe('https://festival.example/diwali-party');
    expect(seo.description).toContain('Friday, October 24, 2025');
    expect(seo.description).toContain('$49.99');
    expect([tag('og:url'), tag('og:title'), tag('og:image'), tag('twitter:card')]).toEqual([
      'https://festival.example/diwali-party',
      seo.title,
      'https://festival.example/og-image.png',
      'summary_large_image',
    ]);
    expect(seo.jsonLd).toEqual([expect.objectContaining({ '@type': 'Event', url: 'https://festival.example/diwali-party' })]);
  });

  it('is one of the pages whose head is completed, with the landing page', () => {
    expect(Object.keys(PAGE_SEO)).toEqual(['/', '/diwali-party']);
  });
});

describe('schema.org opening hours', () => {
  it('reads day ranges, single days and 12-hour times', () => {
    expect(schemaOrgOpeningHours({ days: 'Monday-Friday', hours: '11 AM - 10 PM' })).toBe('Mo-Fr 11:00-22:00');
    expect(schemaOrgOpeningHours({ days: 'Sunday', hours: '12:30 PM to 9:45 PM' })).toBe('Su 12:30-21:45');
    expect(schemaOrgOpeningHours({ days: 'Saturday – Sunday', hours: '12 AM - 12 PM' })).toBe('Sa-Su 00:00-12:00');
  });

  it('leaves out wording it does not understand', () => {
    expect(schemaOrgOpeningHours({ days: 'Holidays', hours: '11 AM - 10 PM' })).toBeUndefined();
    expect(schemaOrgOpeningHours({ days: 'Monday', hours: 'all day' })).toBeUndefined();
  });
});
