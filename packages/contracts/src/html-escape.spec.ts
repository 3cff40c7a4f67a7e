import { campaignFooterHtml } from './campaign-footer.js';
import { sitemapXml } from './crawlers.js';
import { escapeHtml } from './html-escape.js';
import { DEFAULT_SITE_CONFIG } from './site.js';

describe('escapeHtml', () => {
  it('writes the five characters that end text or an attribute as entities, and nothing else', () => {
    expect(escapeHtml(`Tom "&" Jerry's <b>café</b>`)).toBe('Tom &quot;&amp;&quot; Jerry&#39;s &lt;b&gt;café&lt;/b&gt;');
  });

  it('is the one escaping of the e-mail footer and the sitemap', () => {
    const footer = campaignFooterHtml(
      { ...DEFAULT_SITE_CONFIG.restaurant, name: 'Spice & "Co"' },
      'https://festival.example/unsubscribe?t=a&b=<1>',
    );
    expect(footer).toContain('Spice &amp; &quot;Co&quot;');
    expect(footer).toContain('href="https://festival.example/unsubscribe?t=a&amp;b=&lt;1&gt;"');
    expect(sitemapXml("https://a.example/o'k")).toContain('<loc>https://a.example/o&#39;k/</loc>');
  });
});
