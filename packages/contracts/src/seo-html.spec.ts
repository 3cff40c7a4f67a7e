import { injectHead, renderHeadTags } from './seo-html.js';
import { landingPageSeo } from './seo.js';
import { DEFAULT_SITE_CONFIG } from './site.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Diwali Festival</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('landing page head', () => {
  it("replaces the shell's title and adds the tags before </head>", () => {
    const html = injectHead(SHELL, landingPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example'));
    expect(html).toContain('<title>Diwali Family Feast Packs &amp; Diwali DJ Night | Saffron Leaf</title>');
    expect(html).not.toContain('<title>Diwali Festival</title>');
    expect(html).toContain('<meta property="og:url" content="https://festival.example/" data-landing-seo>');
    expect(html).toContain('<link rel="canonical" href="https://festival.example/" data-landing-seo>');
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it('escapes what the configuration holds, in attributes and in JSON-LD', () => {
    const hostile = {
      ...DEFAULT_SITE_CONFIG,
      restaurant: { ...DEFAULT_SITE_CONFIG.restaurant, name: `Tom "&" Jerry's </script><script>alert(1)</script>` },
    };
    const tags = renderHeadTags(landingPageSeo(hostile, 'https://festival.example'));
    expect(tags).not.toContain('<script>alert(1)');
    expect(tags).toContain('content="Tom &quot;&amp;&quot; Jerry&#39;s &lt;/script&gt;');
    const jsonLd = [...tags.matchAll(/<script type="application\/ld\+json" data-landing-seo>(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(jsonLd[0].name).toBe(hostile.restaurant.name);
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Restaurant', 'Event']);
  });

  it('replaces the tags of an earlier call instead of adding a second set', () => {
    const once = injectHead(SHELL, landingPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example'));
    const renamed = { ...DEFAULT_SITE_CONFIG, party: { ...DEFAULT_SITE_CONFIG.party, name: 'Diwali DJ Night Encore' } };
    const twice = injectHead(once, landingPageSeo(renamed, 'https://other.example'));
    const marked = (html: string) => html.match(/data-landing-seo/g) ?? [];
    expect(marked(once).length).toBeGreaterThan(10);
    expect(marked(twice)).toHaveLength(marked(once).length);
    expect(twice.match(/<title>/g)).toHaveLength(1);
    expect(twice).toContain('Diwali DJ Night Encore');
    expect(twice).not.toContain('https://festival.example');
    const jsonLd = (html: string) => html.match(/application\/ld\+json/g) ?? [];
    expect(jsonLd(once)).toHaveLength(2);
    expect(jsonLd(twice)).toHaveLength(2);
    // The same configuration again gives the same page.
    expect(injectHead(once, landingPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example'))).toBe(once);
    // The shell's own head elements stay.
    expect(twice).toContain('<meta charset="UTF-8" />');
  });

  it('adds a title to a page that has none', () => {
    const html = injectHead('<html><head></head><body></body></html>', landingPageSeo(DEFAULT_SITE_CONFIG, 'https://festival.example'));
    expect(html).toMatch(/<head>\s*<title>Diwali Family Feast Packs/);
  });
});
