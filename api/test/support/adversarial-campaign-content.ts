import { CAMPAIGN_CONTENT_MAX_LENGTH } from '@festival/contracts';

/** `unit` repeated as often as the campaign content limit allows (whole units only). */
export function atContentLimit(unit: string): string {
  return unit.repeat(Math.floor(CAMPAIGN_CONTENT_MAX_LENGTH / unit.length));
}

export interface AdversarialContent {
  label: string;
  content: () => string;
  /** The plain-text part of it, as an HTML parser reads it: a tag never ended by `>` and what an unclosed element holds are no text. */
  text: (content: string) => string;
}

const asText = (content: string): string => content.trim();
const nothing = (): string => '';

/**
 * Campaign content, at the size limit, built to make a backtracking pattern re-read the rest of
 * the content from every position: tags, comments and attributes that are never closed.
 */
export const ADVERSARIAL_CAMPAIGN_CONTENT: readonly AdversarialContent[] = [
  {
    label: 'data-URI images with no closing quote',
    content: () => atContentLimit('<img src="data:image/png;base64,AAAAAAAAAA '),
    text: nothing,
  },
  { label: 'links never closed', content: () => atContentLimit('<a>'), text: nothing },
  { label: 'links with no ">"', content: () => atContentLimit('<a '), text: nothing },
  {
    label: 'link text full of "<"',
    content: () => `<a href="https://x.example">${'<'.repeat(CAMPAIGN_CONTENT_MAX_LENGTH - 32)}</a>`,
    text: (content) => `${content.slice(28, -4)} (https://x.example)`,
  },
  { label: 'comments never closed', content: () => atContentLimit('<!--'), text: nothing },
  { label: 'style elements never closed', content: () => atContentLimit('<style>'), text: nothing },
  { label: 'script elements never closed', content: () => atContentLimit('<script>'), text: nothing },
  { label: 'title elements never closed', content: () => atContentLimit('<title>'), text: nothing },
  { label: 'images with no ">"', content: () => atContentLimit('<img '), text: nothing },
  { label: 'list items with no ">"', content: () => atContentLimit('<li '), text: nothing },
  { label: 'paragraphs with no ">"', content: () => atContentLimit('<p '), text: nothing },
  { label: 'a "<" that never closes', content: () => atContentLimit('<'), text: asText },
];
