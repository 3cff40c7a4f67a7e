/**
 * The one layout of an order's confirmation e-mail (party tickets, a feast pre-order), in the
 * restaurant's colours with inline styles (mail programs ignore stylesheets and CSS variables):
 * the heading, the order reference, what the order is for, its price lines, the signed code as a
 * QR image with the code printed under it, and the restaurant's footer. Each feature fills the
 * parts with its own handlebars fragments; handlebars escapes every value.
 *
 * The words are the view's `t` (ConfirmationWords), in the order's language (docs/languages.md):
 * each a whole message already made HTML by `GuestLanguage.html`, so they go in with `{{{…}}}`.
 */
export interface ConfirmationParts {
  /** Paragraphs under the order reference: when and where. */
  details: string;
  /** Price rows after the order's lines, before `Total paid`. */
  extraRows?: string;
  /** The QR image's content id. */
  codeImage: { cid: string };
  /** A paragraph between the QR image and the printed code. */
  afterImage?: string;
  /** The printed code's view field. */
  code: { field: string };
}

/** The layout's words in the order's language, as HTML. */
export interface ConfirmationWords {
  title: string;
  intro: string;
  orderReference: string;
  totalPaid: string;
  /** The sentence above the QR image. */
  codePrompt: string;
  /** The QR image's alt text (`Ticket code 3F2A9C1E`). */
  codeAlt: string;
  /** `Ticket code, if the QR code cannot be scanned:`. */
  codeLabel: string;
  /** What the attached calendar file holds (`The event is attached as a calendar file.`). */
  calendar: string;
  questions: string;
}

export function confirmationLayout(parts: ConfirmationParts): string {
  // The printed code's label sits closer to a paragraph than to the QR image.
  const labelMargin = parts.afterImage ? '0 0 4px' : '12px 0 4px';
  return `<!doctype html>
<html lang="{{lang}}">
<body style="margin:0;background:#fff8ec;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
        <tr><td style="background:#4a1030;color:#fff8ec;padding:28px 32px">
          <p style="margin:0;color:#f5a623;font-size:13px;letter-spacing:2px;text-transform:uppercase">{{restaurantName}}</p>
          <h1 style="margin:8px 0 0;font-size:26px">{{{t.title}}}</h1>
          <p style="margin:8px 0 0">{{{t.intro}}}</p>
        </td></tr>
        <tr><td style="padding:28px 32px">
          <p style="margin:0 0 4px;font-size:13px;color:#7a4a5e">{{{t.orderReference}}}</p>
          <p style="margin:0 0 20px;font-size:24px;font-weight:bold;letter-spacing:2px">{{reference}}</p>
${parts.details}
          <table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-top:1px solid #f0dcc0;border-bottom:1px solid #f0dcc0">
            {{#each lines}}<tr><td>{{label}}</td><td align="right">{{amount}}</td></tr>{{/each}}
${parts.extraRows ?? ''}            <tr><td><strong>{{{t.totalPaid}}}</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
          </table>
          <p style="margin:24px 0 8px">{{{t.codePrompt}}}</p>
          <img src="cid:${parts.codeImage.cid}" width="180" height="180" alt="{{{t.codeAlt}}}" style="display:block">
${parts.afterImage ?? ''}          <p style="margin:${labelMargin};font-size:13px;color:#7a4a5e">{{{t.codeLabel}}}</p>
          <p style="margin:0;font-family:'Courier New',Courier,monospace;font-size:13px;line-height:1.5;word-break:break-all">{{${parts.code.field}}}</p>
          <p style="margin:20px 0 0;font-size:13px;color:#7a4a5e">{{{t.calendar}}} {{{t.questions}}}</p>
        </td></tr>
        <tr><td style="background:#fbeedd;padding:16px 32px;font-size:12px;color:#7a4a5e">{{restaurantName}} · {{address}}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}
