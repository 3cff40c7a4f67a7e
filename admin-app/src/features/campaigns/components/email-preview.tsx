import { useSiteConfig } from '@festival/web-kit/site';
import { useDeferredValue, useMemo } from 'react';
import { palette } from '#shared/theme/admin-theme.ts';
import { previewDocument } from '../lib/preview-document';

/**
 * The content as a recipient will see it, in a frame sandboxed with no permissions at all:
 * no scripts, no forms, no navigation, and an origin of its own.
 */
export function EmailPreview({ content }: { content: string }) {
  const deferred = useDeferredValue(content);
  const site = useSiteConfig();
  const restaurant = site.data?.restaurant;
  const document = useMemo(
    () => previewDocument(deferred, { email: 'guest@example.com', siteUrl: window.location.origin, restaurant }),
    [deferred, restaurant],
  );
  return (
    <iframe
      title="Email preview"
      sandbox=""
      srcDoc={document}
      style={{ width: '100%', height: 620, border: `1px solid ${palette.border}`, borderRadius: 8, background: palette.white }}
    />
  );
}
