import type { Request } from 'express';

/**
 * True unless the browser says the request comes from another site: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is neither the address the request was sent to nor the
 * site's public address. A request with neither header (a script) is not a browser's
 * cross-site request, and passes.
 */
export function isSameOrigin(req: Request, publicUrl: string | undefined): boolean {
  if (req.get('sec-fetch-site') === 'cross-site') return false;
  const origin = req.get('origin');
  if (!origin) return true;
  const allowed = new Set([`${req.protocol}://${req.get('host')}`]);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return allowed.has(origin);
}
