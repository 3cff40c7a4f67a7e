import { useEffect } from 'react';

/**
 * Staff pages are never indexed: `<meta name="robots" content="noindex, nofollow">` in the head
 * while the admin-app is mounted (the shell's index.html is shared by every page). Crawlers that
 * do not run scripts get the same from the `X-Robots-Tag` header the API and nginx send for
 * /admin, and from robots.txt (docs/seo.md).
 */
export function useNoindex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
