import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// What nginx serves for the pre-rendered pages is the file the build wrote, and link previews
// (WhatsApp, Facebook, Slack) do not run JavaScript: built with the site's public address, the
// landing and party pages carry their titles and preview tags in the file itself. Runs the build's own
// rendering (scripts/prerender.mjs, the pre-render bundle) in a separate Node process, so the
// built files are left as they are.

const ROOT = process.cwd();
const url = (path: string) => pathToFileURL(join(ROOT, path)).href;

function renderPages(publicUrl: string): Record<string, string> {
  const script = `
    import { readFileSync } from 'node:fs';
    const { renderPages } = await import(${JSON.stringify(url('scripts/prerender.mjs'))});
    const contracts = await import(${JSON.stringify(url('packages/contracts/dist/index.js'))});
    const bundle = await import(${JSON.stringify(url('shell/dist-prerender/render.js'))});
    const template = readFileSync(${JSON.stringify(join(ROOT, 'shell/dist/prerendered/template.html'))}, 'utf8');
    const pages = await renderPages({ contracts, bundle, site: contracts.DEFAULT_SITE_CONFIG, template, publicUrl: process.argv[1] || undefined });
    process.stdout.write(JSON.stringify(Object.fromEntries(pages.map((p) => [p.path, p.html]))));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, publicUrl], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(out) as Record<string, string>;
}

const titles = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

describe('the pre-rendered pages nginx serves', () => {
  it('name the site in the landing page head when built with PUBLIC_URL', () => {
    const pages = renderPages('https://festival.example');
    const landing = pages['/'];
    expect(titles(landing)).toEqual(['Diwali Family Feast Packs &amp; Diwali DJ Night | Saffron Leaf']);
    expect(landing).toContain('<meta property="og:url" content="https://festival.example/" data-landing-seo>');
    expect(landing).toContain(
      '<meta property="og:title" content="Diwali Family Feast Packs &amp; Diwali DJ Night | Saffron Leaf" data-landing-seo>',
    );
    expect(landing).toMatch(/<meta name="description" content="Celebrate Diwali with Saffron Leaf[^"]*" data-landing-seo>/);
    expect(landing).toContain('<link rel="canonical" href="https://festival.example/" data-landing-seo>');
    expect(landing.match(/<script type="application\/ld\+json" data-landing-seo>/g)).toHaveLength(2);
    // In the head, and the page itself as without them.
    expect(landing.lastIndexOf('data-landing-seo')).toBeLessThan(landing.indexOf('</head>'));
    expect(landing).toContain('Reserve Your Tickets Now');
    expect(landing).toContain('<meta property="og:image" content="https://festival.example/og-image.png" data-landing-seo>');
    // The party page has its own; the drinks menu none.
    const party = pages['/diwali-party'];
    expect(titles(party)).toEqual(['Diwali DJ Night tickets | Saffron Leaf']);
    expect(party).toContain('<meta property="og:url" content="https://festival.example/diwali-party" data-landing-seo>');
    expect(party).toContain('<meta property="og:image" content="https://festival.example/og-image.png" data-landing-seo>');
    expect(party).toContain('<link rel="canonical" href="https://festival.example/diwali-party" data-landing-seo>');
    expect(pages['/drinks']).not.toContain('data-landing-seo');
    // A translated page names its versions in each language by their full addresses.
    for (const language of ['en', 'hi', 'ta']) {
      const path = language === 'en' ? '/drinks' : `/${language}/drinks`;
      expect(pages['/hi/drinks']).toContain(`<link rel="alternate" hreflang="${language}" href="https://festival.example${path}">`);
    }
  });

  it('leave the head to the page script without it (the address is not known)', () => {
    const pages = renderPages('');
    expect(titles(pages['/'])).toEqual(['Diwali Festival']);
    expect(pages['/']).not.toContain('data-landing-seo');
    expect(pages['/']).toContain('Reserve Your Tickets Now');
  });
});
