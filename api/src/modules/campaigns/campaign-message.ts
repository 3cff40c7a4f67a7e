import Handlebars from 'handlebars';
import { campaignFooterHtml, campaignFooterText, escapeHtml, postalAddress, type SiteConfig } from '@festival/contracts';
import type { MailMessage } from '../mail/mail.service.js';
import { htmlToText } from './html-to-text.js';
import { extractInlineImages, type InlineImage } from './inline-images.js';

/** What a campaign's handlebars template may use. */
export interface CampaignTemplateContext {
  email: string;
  unsubscribeUrl: string;
  siteUrl: string;
  restaurant: { name: string; tagline: string; phone: string; email: string; address: string };
}

/** A campaign's content made ready once: images moved out to attachments, template compiled. */
export interface PreparedContent {
  render(context: CampaignTemplateContext): string;
  /**
   * The plain text of a rendered body. Made once for a whole send when the body is the same for
   * every recipient (the template does not name the recipient); the footer is added after.
   */
  plainText(body: string): string;
  images: InlineImage[];
}

const handlebars = Handlebars.create();

export function templateContext(site: SiteConfig, email: string, unsubscribeUrl: string, siteUrl: string): CampaignTemplateContext {
  const { name, tagline, phone, email: restaurantEmail } = site.restaurant;
  return {
    email,
    unsubscribeUrl,
    siteUrl,
    restaurant: { name, tagline, phone, email: restaurantEmail, address: postalAddress(site.restaurant) },
  };
}

export function prepareContent(content: string): PreparedContent {
  const { html, images } = extractInlineImages(content);
  const template = handlebars.compile(html);
  let last: { body: string; text: string } | undefined;
  return {
    render: (context) => template(context),
    plainText(body) {
      if (last?.body !== body) last = { body, text: htmlToText(body) };
      return last.text;
    },
    images,
  };
}

/**
 * Checks that the content is a usable template, by rendering it once with sample values
 * (syntax errors and unknown helpers show up here rather than half way through a send).
 * Returns the problem, or undefined.
 */
export function templateProblem(content: string, site: SiteConfig): string | undefined {
  try {
    prepareContent(content).render(templateContext(site, 'guest@example.com', 'https://example.com/unsubscribe', 'https://example.com'));
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n').filter(Boolean).slice(0, 3).join(' ');
  }
}

/** Puts the legal footer inside the body of a whole document, or wraps a fragment in one. */
function withFooter(body: string, footer: string, subject: string): string {
  const closing = body.search(/<\/body\s*>/i);
  if (closing >= 0) return `${body.slice(0, closing)}${footer}${body.slice(closing)}`;
  if (/<html[\s>]/i.test(body)) return `${body}${footer}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;">${body}${footer}</body></html>`,
  ].join('');
}

export interface CampaignMessageInput {
  to: string;
  subject: string;
  prepared: PreparedContent;
  context: CampaignTemplateContext;
  site: SiteConfig;
}

/**
 * One campaign e-mail: HTML with the postal address and unsubscribe link, a plain-text part,
 * images as inline attachments, the RFC 8058 one-click unsubscribe headers, and replies going
 * to the restaurant.
 */
export function composeCampaignMessage({ to, subject, prepared, context, site }: CampaignMessageInput): MailMessage {
  const body = prepared.render(context);
  const html = withFooter(body, campaignFooterHtml(site.restaurant, context.unsubscribeUrl), subject);
  const text = `${prepared.plainText(body)}\n\n${campaignFooterText(site.restaurant, context.unsubscribeUrl)}`;
  return {
    to,
    subject,
    html,
    text,
    replyTo: site.restaurant.email,
    attachments: prepared.images.map((image) => ({ ...image })),
    headers: {
      'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
