import { imageTag } from './image-tag';
import { framedDocument, PREVIEW_CSP } from './preview-document';

describe('framedDocument', () => {
  it('puts the content security policy first in the head of the e-mail the server rendered', () => {
    const doc = framedDocument(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hi</title></head><body><p>Hi</p></body></html>',
    );
    expect(doc).toBe(
      `<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><meta charset="utf-8"><title>Hi</title></head><body><p>Hi</p></body></html>`,
    );
    expect(PREVIEW_CSP).toMatch(/^default-src 'none'; /);
    expect(PREVIEW_CSP).not.toMatch(/script-src/);
  });

  it('wraps content without a head in a document of its own', () => {
    expect(framedDocument('<p>Hi</p>')).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"></head><body style="margin:0;"><p>Hi</p></body>`,
    );
  });
});

describe('imageTag', () => {
  it('is an img tag with the data URL and the file name as alt text', () => {
    expect(imageTag({ name: 'diya "lamp".png', dataUrl: 'data:image/png;base64,AAAA' })).toBe(
      '<img src="data:image/png;base64,AAAA" alt="diya &quot;lamp&quot;" style="display:block;max-width:100%;height:auto;margin:0 auto;" />',
    );
  });
});
