import { createHash } from 'node:crypto';
import { hasTextAt, isWordChar, replaceEach, tagNameAt } from './html-scan.js';

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
  contentDisposition: 'inline';
}

const WHITESPACE = /\s/;

function isWhitespace(code: number): boolean {
  return WHITESPACE.test(String.fromCharCode(code));
}

/** `[a-z0-9.+-]`, any case: a character of an image type such as `svg+xml`. */
function isImageTypeChar(code: number): boolean {
  return isAlphanumeric(code) || code === 0x2e || code === 0x2b || code === 0x2d;
}

/** `[a-z0-9+/=\s]`, any case: a character of base64 content, which may be wrapped. */
function isBase64Char(code: number): boolean {
  return isAlphanumeric(code) || code === 0x2b || code === 0x2f || code === 0x3d || isWhitespace(code);
}

function isAlphanumeric(code: number): boolean {
  return isWordChar(code) && code !== 0x5f;
}

/** A `src="data:image/…;base64,…"` attribute value found in an `<img>` tag. */
interface DataUri {
  /** Where the opening quote is. */
  quoteAt: number;
  type: string;
  base64: string;
  /** Just after the closing quote. */
  end: number;
}

/** Where the run of characters `allowed` accepts that starts at `at` ends (at most `end`). */
function skip(s: string, at: number, end: number, allowed: (code: number) => boolean): number {
  let i = at;
  while (i < end && allowed(s.charCodeAt(i))) i += 1;
  return i;
}

/** The data URI of the `src` attribute starting at `at`, if it is one. */
function dataUriAt(s: string, at: number, end: number): DataUri | undefined {
  let i = skip(s, at + 3, end, isWhitespace);
  if (s[i] !== '=') return undefined;
  const quoteAt = skip(s, i + 1, end, isWhitespace);
  const quote = s[quoteAt];
  if (quote !== '"' && quote !== "'") return undefined;
  const typeAt = quoteAt + 1 + 'data:'.length;
  if (!hasTextAt(s, quoteAt + 1, 'data:') || !hasTextAt(s, typeAt, 'image/')) return undefined;
  const typeEnd = skip(s, typeAt + 'image/'.length, end, isImageTypeChar);
  if (typeEnd === typeAt + 'image/'.length || !hasTextAt(s, typeEnd, ';base64,')) return undefined;
  const base64At = typeEnd + ';base64,'.length;
  i = skip(s, base64At, end, isBase64Char);
  if (i === base64At || s[i] !== quote) return undefined;
  return { quoteAt, type: s.slice(typeAt, typeEnd), base64: s.slice(base64At, i), end: i + 1 };
}

/** The first `src` attribute holding an image data URI in `[from, end)`, the rest of one tag. */
function firstDataUri(s: string, from: number, end: number): DataUri | undefined {
  for (let at = from; at + 3 <= end; at += 1) {
    if ((s.charCodeAt(at) | 0x20) === 0x73 && hasTextAt(s, at, 'src') && !isWordChar(s.charCodeAt(at - 1))) {
      const uri = dataUriAt(s, at, end);
      if (uri) return uri;
    }
  }
  return undefined;
}

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
  // The same data URI written twice is decoded and hashed once.
  const cidByUri = new Map<string, string>();
  const cidOf = ({ type, base64 }: DataUri): string => {
    const uri = `${type};${base64}`;
    const known = cidByUri.get(uri);
    if (known) return known;
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
    cidByUri.set(uri, image.cid);
    return image.cid;
  };
  // The first `>` at or after the `<img` looked at (the end of the content when there is none).
  let tagEnd = -1;
  const rewritten = replaceEach(html, (from) => {
    for (let lt = html.indexOf('<', from); lt >= 0; lt = html.indexOf('<', lt + 1)) {
      if (tagNameAt(html, lt + 1) !== 'img') continue;
      if (tagEnd < lt) {
        const gt = html.indexOf('>', lt);
        tagEnd = gt < 0 ? html.length : gt;
      }
      const uri = firstDataUri(html, lt + 4, tagEnd);
      if (uri) return { start: uri.quoteAt + 1, end: uri.end - 1, text: `cid:${cidOf(uri)}` };
      // Any other `<img` before that `>` has the same attributes left to offer: none of them.
      lt = tagEnd;
    }
    return undefined;
  });
  return { html: rewritten, images };
}
