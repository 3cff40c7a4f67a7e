import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { composeCampaignMessage, prepareContent, templateContext, templateProblem, type PreparedContent } from './campaign-message.js';
import { htmlToText } from './html-to-text.js';
import type * as HtmlToText from './html-to-text.js';

// The real conversion, counted.
jest.mock('./html-to-text.js', () => {
  const actual: typeof HtmlToText = jest.requireActual('./html-to-text.js');
  return { ...actual, htmlToText: jest.fn(actual.htmlToText) };
});

const UNSUBSCRIBE = 'https://festival.example/api/unsubscribe?token=abc.def';
const context = templateContext(DEFAULT_SITE_CONFIG, 'guest@example.com', UNSUBSCRIBE, 'https://festival.example');

function compose(content: string) {
  return composeCampaignMessage({
    to: 'guest@example.com',
    subject: 'Happy Diwali',
    prepared: prepareContent(content),
    context,
    site: DEFAULT_SITE_CONFIG,
  });
}

describe('campaign message', () => {
  it('renders the handlebars template with the recipient and restaurant, escaping values', () => {
    const message = compose('<p>Hello {{email}} from {{restaurant.name}}, {{restaurant.address}}</p>');
    expect(message.html).toContain('<p>Hello guest@example.com from Saffron Leaf, 1480 Lakeview Avenue, San Jose, CA 95131, US</p>');
    const evil = templateContext(DEFAULT_SITE_CONFIG, '<b>@example.com', UNSUBSCRIBE, 'https://festival.example');
    const escaped = composeCampaignMessage({
      to: 'x@example.com',
      subject: 's',
      prepared: prepareContent('{{email}}'),
      context: evil,
      site: DEFAULT_SITE_CONFIG,
    });
    expect(escaped.html).toContain('&lt;b&gt;@example.com');
  });

  it('wraps a fragment in a document with the postal address and unsubscribe link', () => {
    const message = compose('<p>Feast packs</p>');
    expect(message.html).toMatch(/^<!doctype html>/);
    expect(message.html).toContain('<title>Happy Diwali</title>');
    expect(message.html).toContain('Saffron Leaf · 1480 Lakeview Avenue, San Jose, CA 95131, US');
    expect(message.html).toContain(`<a href="${UNSUBSCRIBE}"`);
    expect(message.text).toBe(
      [
        'Feast packs',
        '--',
        'You receive this e-mail as a guest or friend of Saffron Leaf.',
        'Saffron Leaf · 1480 Lakeview Avenue, San Jose, CA 95131, US',
        `Unsubscribe: ${UNSUBSCRIBE}`,
      ].join('\n\n'),
    );
  });

  it('puts the footer inside the body of a whole document', () => {
    const message = compose('<html><body><p>Hi</p></body></html>');
    expect(message.html).toMatch(/^<html><body><p>Hi<\/p><div [^>]*>.*Unsubscribe.*<\/div><\/body><\/html>$/);
  });

  it('carries the one-click unsubscribe headers, the reply-to and the inline images', () => {
    const message = composeCampaignMessage({
      to: 'guest@example.com',
      subject: 's',
      prepared: prepareContent('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'),
      context,
      site: DEFAULT_SITE_CONFIG,
    });
    expect(message.headers).toEqual({ 'List-Unsubscribe': `<${UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(message.replyTo).toBe('hello@saffronleaf.example');
    expect(message.attachments).toHaveLength(1);
    expect(message.html).toContain('src="cid:');
  });

  it('names what is wrong with a template that cannot render', () => {
    expect(templateProblem('<p>{{email}}</p>', DEFAULT_SITE_CONFIG)).toBeUndefined();
    expect(templateProblem('{{#each}}', DEFAULT_SITE_CONFIG)).toMatch(/Parse error|each/);
    expect(templateProblem('{{shout email}}', DEFAULT_SITE_CONFIG)).toMatch(/Missing helper: "shout"/);
  });

  it('converts a body every recipient shares to text once, and a body naming the recipient once each', () => {
    const convert = jest.mocked(htmlToText);
    const textsFor = (prepared: PreparedContent) =>
      ['a@example.com', 'b@example.com'].map(
        (to) =>
          composeCampaignMessage({
            to,
            subject: 's',
            prepared,
            context: templateContext(DEFAULT_SITE_CONFIG, to, `${UNSUBSCRIBE}&for=${to}`, 'https://festival.example'),
            site: DEFAULT_SITE_CONFIG,
          }).text,
      );

    const shared = prepareContent('<p>Feast packs</p>');
    convert.mockClear();
    const [first, second] = textsFor(shared);
    expect(convert).toHaveBeenCalledTimes(1);
    expect(first).toMatch(/^Feast packs\n\n[^]*Unsubscribe: \S+&for=a@example\.com$/);
    expect(second).toMatch(/^Feast packs\n\n[^]*Unsubscribe: \S+&for=b@example\.com$/);

    const personal = prepareContent('<p>Hello {{email}}</p>');
    convert.mockClear();
    const [toA, toB] = textsFor(personal);
    expect(convert).toHaveBeenCalledTimes(2);
    expect(toA).toMatch(/^Hello a@example\.com\n\n/);
    expect(toB).toMatch(/^Hello b@example\.com\n\n/);
  });
});
