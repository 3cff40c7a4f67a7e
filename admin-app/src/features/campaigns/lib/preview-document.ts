/**
 * What the preview frame may load: images (inline data, or hosted over http/https) and inline
 * styles. No scripts (the frame is sandboxed as well), no fetches, no forms, no fonts from afar.
 */
export const PREVIEW_CSP = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:";

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

/**
 * The e-mail the server rendered, made ready for the sandboxed preview frame: the content
 * security policy first thing in its head.
 */
export function framedDocument(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${CSP_META}${html.slice(head.index + head[0].length)}`;
  return `<!doctype html><html><head><meta charset="utf-8">${CSP_META}</head><body style="margin:0;">${html}</body></html>`;
}
