import { isStaffPage, robotsTxt, sitemapXml } from './crawlers.js';
import { prerenderedPaths } from './remotes.js';

describe('robots.txt and sitemap.xml', () => {
  it('keep crawlers to the public pages', () => {
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
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    // The pre-rendered pages, each in its languages (languages.spec holds their list).
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      prerenderedPaths().map((path) => `https://festival.example${path}`),
    );
    // The landing page names its Hindi and Tamil pages too.
    expect(xml).toContain(
      '<url><loc>https://festival.example/</loc>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://festival.example/"/>' +
        '<xhtml:link rel="alternate" hreflang="hi" href="https://festival.example/hi/"/>' +
        '<xhtml:link rel="alternate" hreflang="ta" href="https://festival.example/ta/"/></url>',
    );
  });

  it("sitemap.xml names each language's page of a translated page, itself included, as its HTML's hreflang links do", () => {
    const xml = sitemapXml('https://festival.example');
    const entry = [...xml.matchAll(/<url><loc>https:\/\/festival\.example\/ta\/drinks<\/loc>(.*?)<\/url>/g)][0]?.[1];
    expect(entry).toBe(
      '<xhtml:link rel="alternate" hreflang="en" href="https://festival.example/drinks"/>' +
        '<xhtml:link rel="alternate" hreflang="hi" href="https://festival.example/hi/drinks"/>' +
        '<xhtml:link rel="alternate" hreflang="ta" href="https://festival.example/ta/drinks"/>',
    );
    expect(sitemapXml('https://a.example/?x=1&y=<2>')).toContain('<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/</loc>');
  });
});
