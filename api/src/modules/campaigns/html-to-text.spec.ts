import { ADVERSARIAL_CAMPAIGN_CONTENT, atContentLimit } from '../../../test/support/adversarial-campaign-content.js';
import { htmlToText, MAX_TEXT_DEPTH } from './html-to-text.js';

describe('htmlToText', () => {
  it('keeps paragraphs, headings, line breaks and list items', () => {
    const html = `<html><head><style>p { color: red }</style><title>x</title></head><body>
      <h1>Happy   Diwali</h1>
      <p>Our feast packs
         are back.<br>Order today.</p>
      <ul><li>Vegetarian $39.99</li><li>Non-vegetarian $49.99</li></ul>
      <!-- a comment -->
    </body></html>`;
    expect(htmlToText(html)).toBe(
      'Happy Diwali\n\nOur feast packs are back.\nOrder today.\n\n- Vegetarian $39.99\n- Non-vegetarian $49.99',
    );
  });

  it('writes links as text and address, and images as their alt text', () => {
    expect(
      htmlToText(
        '<p>See <a href="https://x.example/party?a=1&amp;b=2">the party</a> or <a href="mailto:hi@x.example">hi@x.example</a>.</p>',
      ),
    ).toBe('See the party (https://x.example/party?a=1&b=2) or hi@x.example.');
    expect(htmlToText('<a href="https://x.example">https://x.example</a>')).toBe('https://x.example');
    expect(htmlToText('<p><img src="cid:a" alt="Diya lamp"><img src="cid:b"></p>')).toBe('[Diya lamp]');
  });

  it('drops scripts and decodes every named entity, such as &eacute; as é', () => {
    expect(htmlToText('<script>alert(1)</script><p>Fish &amp; chips&nbsp;&mdash; &#8377;99 &#x1F389;</p>')).toBe('Fish & chips — ₹99 🎉');
    expect(htmlToText('<p>Caf&eacute; &lt;b&gt; &frac12; price at <a href="https://x.example/caf&eacute;">the caf&eacute;</a></p>')).toBe(
      'Café <b> ½ price at the café (https://x.example/café)',
    );
  });

  it('reads a layout table row by row', () => {
    expect(htmlToText('<table><tr><td>Feast</td><td>$39.99</td></tr><tr><th>Party</th></tr></table>')).toBe('Feast $39.99\nParty');
  });

  it(`leaves out what is nested more than ${MAX_TEXT_DEPTH} elements deep`, () => {
    const html = `<p>Hello</p>${'<div>'.repeat(MAX_TEXT_DEPTH)}<b>deep</b>`;
    expect(htmlToText(html)).toBe('Hello');
    expect(htmlToText(`<p>Hello</p>${'<div>'.repeat(MAX_TEXT_DEPTH - 1)}<b>deep</b>`)).toBe('Hello\n\ndeep');
  });
});

describe('htmlToText on content built to be slow, at the size limit', () => {
  it.each(ADVERSARIAL_CAMPAIGN_CONTENT.map((c) => [c.label, c] as const))(
    '%s: finishes with the text that is there',
    (_label, { content, text }) => {
      const html = content();
      expect(htmlToText(html)).toBe(text(html));
    },
    10_000,
  );

  it('still converts every link and image of a long message', () => {
    const html = atContentLimit('<p><a href="https://x.example/a">Party</a> <img alt="Diya" src="cid:x"></p>');
    const lines = htmlToText(html).split('\n\n');
    expect(lines.length).toBeGreaterThan(10_000);
    expect(new Set(lines)).toEqual(new Set(['Party (https://x.example/a) [Diya]']));
  }, 10_000);
});
