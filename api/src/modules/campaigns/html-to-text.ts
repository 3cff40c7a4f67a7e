import { closingTag, replaceEach, tagNameAt, tags, type Replacement, type TagTest } from './html-scan.js';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  rarr: '→',
  larr: '←',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/**
 * Every run of whitespace as one space. A lone space is left as it is: the same result with
 * far fewer replacements (text is mostly words and single spaces).
 */
function collapseWhitespace(text: string): string {
  return text.replace(/\s\s+|[^\S ]/g, ' ');
}

/** Removed with everything up to their closing tag. */
const HIDDEN = new Set(['head', 'style', 'script', 'title']);
/** Block-level tags: each one, opening or closing, starts a paragraph. */
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'ul',
  'ol',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'hr',
  'center',
]);

const anyTag: TagTest = () => true;
const isImage: TagTest = (s, at) => tagNameAt(s, at) === 'img';
const isListItem: TagTest = (s, at) => tagNameAt(s, at) === 'li';
const isBlock: TagTest = (s, at) => BLOCK.has(tagNameAt(s, s[at] === '/' ? at + 1 : at));

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined;
}

/** `<!-- … -->`; an unclosed one stays (and so does every later one). */
function comments(s: string): (from: number) => Replacement | undefined {
  return (from) => {
    const start = s.indexOf('<!--', from);
    const end = start < 0 ? -1 : s.indexOf('-->', start + 4);
    return end < 0 ? undefined : { start, end: end + 3, text: '' };
  };
}

/** `<style …>…</style>` and the like, removed; a name that is never closed stays. */
function hiddenElements(s: string): (from: number) => Replacement | undefined {
  const unclosed = new Set<string>();
  return (from) => {
    for (let lt = s.indexOf('<', from); lt >= 0; lt = s.indexOf('<', lt + 1)) {
      const name = tagNameAt(s, lt + 1);
      if (!HIDDEN.has(name) || unclosed.has(name)) continue;
      const close = closingTag(s, name, lt + 1 + name.length);
      if (close) return { start: lt, end: close.end, text: '' };
      // No later element of this name can be closed either.
      unclosed.add(name);
    }
    return undefined;
  };
}

/** How a link reads in text: its words and, unless they already say it, its address. */
function linkText(attributes: string, inner: string): string {
  const text = collapseWhitespace(
    decodeEntities(
      replaceEach(
        inner,
        tags(inner, anyTag, () => ''),
      ),
    ),
  ).trim();
  const href = attribute(attributes, 'href')?.trim();
  if (!href || href.startsWith('#')) return text;
  const shown = href.replace(/^mailto:/i, '');
  if (!text || text === href || text === shown) return shown;
  return `${text} (${shown})`;
}

/** `<a …>…</a>` as its text; once one has no `>` or no closing tag, no later one has. */
function links(s: string): (from: number) => Replacement | undefined {
  return (from) => {
    for (let lt = s.indexOf('<', from); lt >= 0; lt = s.indexOf('<', lt + 1)) {
      if (tagNameAt(s, lt + 1) !== 'a') continue;
      const gt = s.indexOf('>', lt + 2);
      const close = gt < 0 ? undefined : closingTag(s, 'a', gt + 1);
      if (!close) return undefined;
      return { start: lt, end: close.end, text: linkText(s.slice(lt + 2, gt), s.slice(gt + 1, close.start)) };
    }
    return undefined;
  };
}

/** An image as its alt text in brackets, or nothing. */
function imageText(tag: string): string {
  const alt = attribute(tag, 'alt')?.trim();
  return alt ? `[${alt}]` : '';
}

/**
 * The plain-text part of an HTML e-mail: paragraphs and line breaks kept, links written as
 * `text (url)`, images as their alt text, everything else reduced to its words. Each step reads
 * the content forward only, so the time grows with its length and nothing else.
 */
export function htmlToText(html: string): string {
  let s = replaceEach(html, comments(html));
  s = replaceEach(s, hiddenElements(s));
  // Source line breaks are only spaces in HTML; structure comes from the tags below.
  s = collapseWhitespace(s);
  s = replaceEach(s, links(s));
  s = replaceEach(s, tags(s, isImage, imageText));
  s = s.replace(/<br\s*\/?>/gi, '\n');
  s = replaceEach(
    s,
    tags(s, isListItem, () => '\n- '),
  );
  s = replaceEach(
    s,
    tags(s, isBlock, () => '\n\n'),
  );
  s = s.replace(/<\/(?:td|th)\s*>/gi, ' ');
  s = replaceEach(
    s,
    tags(s, anyTag, () => ''),
  );
  return decodeEntities(s)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]{2,}|[\t\u00a0]/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
