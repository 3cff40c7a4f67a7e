import { createHash } from 'node:crypto';

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
  contentDisposition: 'inline';
}

const DATA_URI_IMAGE = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)\2/gi;

function extensionOf(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? 'bin';
  if (subtype === 'jpeg') return 'jpg';
  if (subtype === 'svg+xml') return 'svg';
  return subtype.replace(/[^a-z0-9]/g, '') || 'bin';
}

/**
 * Most mail clients block `data:` images, so every `<img src="data:image/...;base64,...">` is
 * turned into an inline attachment referenced as `cid:`. The same image used twice is attached
 * once. Returns the rewritten HTML and the attachments.
 */
export function extractInlineImages(html: string, domain = 'festival.local'): { html: string; images: InlineImage[] } {
  const images: InlineImage[] = [];
  const byDigest = new Map<string, InlineImage>();
  const rewritten = html.replace(DATA_URI_IMAGE, (_match, prefix: string, quote: string, type: string, base64: string) => {
    const content = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
    const contentType = type.toLowerCase();
    const digest = createHash('sha256').update(contentType).update(content).digest('hex').slice(0, 24);
    let image = byDigest.get(digest);
    if (!image) {
      const index = images.length + 1;
      image = {
        cid: `image-${index}-${digest}@${domain}`,
        filename: `image-${index}.${extensionOf(contentType)}`,
        contentType,
        content,
        contentDisposition: 'inline',
      };
      byDigest.set(digest, image);
      images.push(image);
    }
    return `${prefix}${quote}cid:${image.cid}${quote}`;
  });
  return { html: rewritten, images };
}
