import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { imageTag } from './image-tag';
import { PREVIEW_CSP, previewDocument } from './preview-document';

describe('previewDocument', () => {
  const sample = { email: 'guest@example.com', siteUrl: 'https://festival.example', restaurant: DEFAULT_SITE_CONFIG.restaurant };

  it('fills the simple placeholders with sample values and leaves block helpers as written', () => {
    const doc = previewDocument('<p>{{ restaurant.name }} · {{email}} · {{#if x}}y{{/if}} · {{unknown}}</p>', sample);
    expect(doc).toContain('<p>Saffron Leaf · guest@example.com · {{#if x}}y{{/if}} · {{unknown}}</p>');
  });

  it('allows no scripts or fetches, only images and inline styles, and shows the footer every e-mail gets', () => {
    const doc = previewDocument('<p>Hi</p>', sample);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`);
    expect(PREVIEW_CSP).toMatch(/^default-src 'none'; /);
    expect(PREVIEW_CSP).not.toMatch(/script-src/);
    expect(doc).toContain('Saffron Leaf · 1480 Lakeview Avenue, San Jose, CA 95131, US');
    expect(doc).toContain('Unsubscribe');
  });

  it('escapes sample values', () => {
    const doc = previewDocument('{{restaurant.name}}', {
      ...sample,
      restaurant: { ...DEFAULT_SITE_CONFIG.restaurant, name: '<Spice & Co>' },
    });
    expect(doc).toContain('&lt;Spice &amp; Co&gt;');
  });
});

describe('imageTag', () => {
  it('is an img tag with the data URL and the file name as alt text', () => {
    expect(imageTag({ name: 'diya "lamp".png', dataUrl: 'data:image/png;base64,AAAA' })).toBe(
      '<img src="data:image/png;base64,AAAA" alt="diya &quot;lamp&quot;" style="display:block;max-width:100%;height:auto;margin:0 auto;" />',
    );
  });
});
