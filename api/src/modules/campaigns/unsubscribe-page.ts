import { escapeHtml, type SiteConfig } from '@festival/contracts';

export type UnsubscribePageState = { kind: 'confirm'; email: string } | { kind: 'done'; email: string } | { kind: 'invalid' };

/** Headers of the page: it carries a token in its URL, so no referrer, no cache, no framing. */
export const UNSUBSCRIBE_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/** The unsubscribe page for people (mail programs use the one-click POST instead). */
export function renderUnsubscribePage(state: UnsubscribePageState, site: SiteConfig): string {
  const name = escapeHtml(site.restaurant.name);
  const contact = `<a href="mailto:${escapeHtml(site.restaurant.email)}">${escapeHtml(site.restaurant.email)}</a> or call ${escapeHtml(site.restaurant.phone)}`;
  let title: string;
  let body: string;
  if (state.kind === 'confirm') {
    title = `Unsubscribe from ${name} e-mails?`;
    body = `<p><strong>${escapeHtml(state.email)}</strong> will no longer receive our festival and promotion e-mails.</p>
      <form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`;
  } else if (state.kind === 'done') {
    title = "You're unsubscribed";
    body = `<p><strong>${escapeHtml(state.email)}</strong> will not receive further e-mail campaigns from ${name}.</p>
      <p>If this was a mistake, write to ${contact}.</p>`;
  } else {
    title = 'This unsubscribe link is not valid';
    body = `<p>It may have been cut short by your mail program. Please open the link from the e-mail again, or write to ${contact} and we will take you off the list.</p>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fff8ec; color: #2b1a1f;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { max-width: 32rem; margin: 1.5rem; padding: 2rem; background: #fff; border-top: 4px solid #f4a300;
    border-radius: 12px; box-shadow: 0 2px 12px rgba(61, 21, 48, 0.12); }
  .brand { margin: 0 0 0.5rem; color: #7b1e2e; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; font-size: 0.8rem; }
  h1 { margin: 0 0 1rem; color: #7b1e2e; font-size: 1.5rem; line-height: 1.25; }
  a { color: #7b1e2e; }
  button { min-height: 44px; padding: 0.6rem 1.4rem; border: 0; border-radius: 8px; background: #7b1e2e; color: #fff;
    font: inherit; font-weight: 600; cursor: pointer; }
  button:hover { background: #5e1421; }
  button:focus-visible { outline: 3px solid #f4a300; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="brand">${name}</p>
  <h1>${title}</h1>
  ${body}
</main>
</body>
</html>
`;
}
