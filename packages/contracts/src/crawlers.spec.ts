import { indexedPaths, isStaffPage, robotsTxt, sitemapXml } from './crawlers.js';

describe('robots.txt and sitemap.xml', () => {
  it('index the public pages only', () => {
    expect(indexedPaths()).toEqual(['/', '/diwali-party', '/privacy', '/terms', '/drinks']);
    expect(['/admin', '/admin/login', '/admin/settings'].every(isStaffPage)).toBe(true);
    expect(['/', '/drinks', '/administrator', '/diwali-party'].some(isStaffPage)).toBe(false);
  });

  it('robots.txt disallows the staff pages and names the sitemap by its absolute address', () => {
    expect(robotsTxt('https://festival.example/')).toBe(
      'User-agent: *\nDisallow: /admin\n\nSitemap: https://festival.example/sitemap.xml\n',
    );
  });

  it('sitemap.xml lists the public pages by their absolute addresses', () => {
    const xml = sitemapXml('https://festival.example');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://festival.example/',
      'https://festival.example/diwali-party',
      'https://festival.example/privacy',
      'https://festival.example/terms',
      'https://festival.example/drinks',
    ]);
    expect(sitemapXml('https://a.example/?x=1&y=<2>')).toContain('<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/</loc>');
  });
});
