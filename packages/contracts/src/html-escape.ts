const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaping of text put into HTML or XML, in content or a quoted attribute: `&`, `<`, `>`,
 * `"` and `'` as entities every HTML and XML reader knows. Used by the e-mails, the unsubscribe
 * page, the landing page's head, the sitemap and the admin's campaign images.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
