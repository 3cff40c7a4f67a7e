// The plain-text part of a campaign e-mail, written by html-to-text (entities, links, lists,
// headings and tables as the library reads them), set up to read like the HTML part.
import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import { Parser } from 'htmlparser2';

/**
 * Elements nested deeper than this are left out of the text. No e-mail nests so deep, and the
 * parser's work grows with the square of the depth: content of unclosed tags at the size limit
 * would hold the server for minutes.
 */
export const MAX_TEXT_DEPTH = 256;
const CHUNK = 64 * 1024;

/** Where the content first opens an element deeper than {@link MAX_TEXT_DEPTH}, or undefined. */
export function tooDeepAt(html: string): number | undefined {
  let depth = 0;
  let at: number | undefined;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        if (depth > MAX_TEXT_DEPTH && at === undefined) at = parser.startIndex;
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  for (let from = 0; from < html.length && at === undefined; from += CHUNK) parser.write(html.slice(from, from + CHUNK));
  if (at === undefined) parser.end();
  return at;
}

/** An image as its alt text in brackets, or nothing. */
const altText: FormatCallback = (elem, _walk, builder) => {
  const alt = (elem.attribs?.alt as string | undefined)?.trim();
  if (alt) builder.addInline(`[${alt}]`);
};

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  formatters: { altText },
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'altText' },
    { selector: 'title', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    })),
    { selector: 'ul', options: { itemPrefix: '- ' } },
    // Tables in e-mails are layout: each row a line, each cell's words followed by a space.
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td', format: 'inlineSurround', options: { suffix: ' ' } },
    { selector: 'th', format: 'inlineSurround', options: { suffix: ' ' } },
  ],
};

/**
 * The plain-text part of an HTML e-mail: paragraphs and line breaks kept, links written as
 * `text (url)`, images as their alt text, entities decoded, everything else reduced to its words.
 */
export function htmlToText(html: string): string {
  const cut = tooDeepAt(html);
  return (
    convert(cut === undefined ? html : html.slice(0, cut), OPTIONS)
      .split('\n')
      // A no-break space reads as a space in plain text.
      .map((line) => line.replace(/[ \t\u00a0]{2,}|[\t\u00a0]/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
