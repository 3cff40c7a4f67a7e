import { escapeHtml } from '@festival/contracts';

/** What an itemised drinks receipt shows: every figure already formatted. */
export interface DrinkReceiptView {
  restaurantName: string;
  address: string;
  /** `Drinks order #12` or `Drinks tab 1A2B3C4D`. */
  heading: string;
  /** An updated receipt (after a refund) says so. */
  updated: boolean;
  time: string;
  lines: { quantity: number; name: string; price: string; amount: string }[];
  subtotal: string;
  tax: string;
  tip: string;
  total: string;
  /** What was refunded since, when anything was. */
  refunded: string | null;
  /** `Visa ending 4242`, when the payment service names the card. */
  card: string | null;
}

export function drinkReceiptText(view: DrinkReceiptView): string {
  const rows = [
    view.restaurantName,
    view.address,
    '',
    view.updated ? `Updated receipt: ${view.heading}` : `Receipt: ${view.heading}`,
    view.time,
    '',
    ...view.lines.map((l) => `${l.quantity} × ${l.name} @ ${l.price}: ${l.amount}`),
    '',
    `Subtotal: ${view.subtotal}`,
    `Tax: ${view.tax}`,
    `Tip: ${view.tip}`,
    `Total: ${view.total}`,
  ];
  if (view.refunded) rows.push(`Refunded: ${view.refunded}`);
  if (view.card) rows.push(`Paid with ${view.card}`);
  rows.push('', `Thank you for celebrating with ${view.restaurantName}!`);
  return rows.join('\n');
}

const row = (label: string, amount: string, bold = false): string => {
  const cell = (v: string) => (bold ? `<strong>${escapeHtml(v)}</strong>` : escapeHtml(v));
  return `<tr><td>${cell(label)}</td><td align="right">${cell(amount)}</td></tr>`;
};

export function drinkReceiptHtml(view: DrinkReceiptView): string {
  const lines = view.lines.map((l) => row(`${l.quantity} × ${l.name} @ ${l.price}`, l.amount)).join('');
  const refunded = view.refunded ? row('Refunded', view.refunded) : '';
  const card = view.card ? `<p style="margin:16px 0 0">Paid with ${escapeHtml(view.card)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<body style="margin:0;background:#fff8ec;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
        <tr><td style="background:#4a1030;color:#fff8ec;padding:24px 32px">
          <p style="margin:0;color:#f5a623;font-size:13px;letter-spacing:2px;text-transform:uppercase">${escapeHtml(view.restaurantName)}</p>
          <h1 style="margin:8px 0 0;font-size:24px">${view.updated ? 'Updated receipt' : 'Receipt'}: ${escapeHtml(view.heading)}</h1>
          <p style="margin:8px 0 0">${escapeHtml(view.time)}</p>
        </td></tr>
        <tr><td style="padding:24px 32px">
          <table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-top:1px solid #f0dcc0;border-bottom:1px solid #f0dcc0">
            ${lines}${row('Subtotal', view.subtotal)}${row('Tax', view.tax)}${row('Tip', view.tip)}${row('Total', view.total, true)}${refunded}
          </table>
          ${card}
        </td></tr>
        <tr><td style="background:#fbeedd;padding:16px 32px;font-size:12px;color:#7a4a5e">${escapeHtml(view.restaurantName)} · ${escapeHtml(view.address)}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}
