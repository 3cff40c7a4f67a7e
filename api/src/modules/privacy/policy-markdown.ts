import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Markdown with raw HTML off: `<script>` in the text is escaped into visible text. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** What a policy's HTML may hold after rendering: the tags Markdown makes, links of safe schemes only. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

/**
 * A policy's Markdown as the HTML its page shows (docs/privacy.md): rendered by markdown-it with
 * raw HTML off, then sanitised, so no raw HTML, script or event handler ever reaches a page.
 */
export function renderPolicyMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), ALLOWED);
}
