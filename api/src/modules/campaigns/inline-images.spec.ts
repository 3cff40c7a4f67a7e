import { ADVERSARIAL_CAMPAIGN_CONTENT, atContentLimit } from '../../../test/support/adversarial-campaign-content.js';
import { extractInlineImages } from './inline-images.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const GIF = 'R0lGODlhAQABAAAAACw=';

describe('extractInlineImages', () => {
  it('turns data-URI images into inline attachments referenced by cid, once per image', () => {
    const html = `<img src="data:image/png;base64,${PNG}" alt="a"><p>x</p><img alt="b" src='data:image/gif;base64,${GIF}'><img src="data:image/png;base64,${PNG}">`;
    const { html: out, images } = extractInlineImages(html);
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ contentType: 'image/png', filename: 'image-1.png', contentDisposition: 'inline' });
    expect(images[0].content.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect(images[1]).toMatchObject({ contentType: 'image/gif', filename: 'image-2.gif' });
    expect(out).toBe(
      `<img src="cid:${images[0].cid}" alt="a"><p>x</p><img alt="b" src='cid:${images[1].cid}'><img src="cid:${images[0].cid}">`,
    );
    expect(out).not.toContain('data:');
  });

  it('leaves linked images and non-image data alone', () => {
    const html = '<img src="https://x.example/a.png"><a href="data:text/plain;base64,aGk=">t</a>';
    expect(extractInlineImages(html)).toEqual({ html, images: [] });
  });
});

describe('extractInlineImages on content built to be slow, at the size limit', () => {
  it.each(ADVERSARIAL_CAMPAIGN_CONTENT.map((c) => [c.label, c] as const))(
    '%s: finishes, with nothing to attach',
    (_label, { content }) => {
      const html = content();
      const result = extractInlineImages(html);
      expect(result.images).toEqual([]);
      expect(result.html === html).toBe(true);
    },
    10_000,
  );

  it('attaches an image used thousands of times once, and points every use at it', () => {
    const html = atContentLimit(`<p><img alt="a" src="data:image/gif;base64,${GIF}"></p>`);
    const { html: out, images } = extractInlineImages(html);
    expect(images).toHaveLength(1);
    expect(out).not.toContain('data:');
    expect(out.split(`src="cid:${images[0].cid}"`)).toHaveLength(html.split('<img').length);
  }, 10_000);
});
