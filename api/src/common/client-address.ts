/** `::ffff:81.2.69.160` (an IPv4 client on a dual-stack socket) is reported as `81.2.69.160`. */
export function plainIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return (v4 ? v4[1] : ip).slice(0, 45);
}

/**
 * The address as analytics keeps it: an IPv4 address without its last byte (`81.2.69.0`), an
 * IPv6 address without its last 80 bits (its /48 network, `2001:db8:1::`). Enough to tell the
 * staff roughly where visits come from; not enough to single out one household.
 */
export function truncatedIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.0`;
  if (!ip.includes(':')) return null;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  const network = groups.slice(0, 3).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${network.join(':')}::`;
}

/** The client's address as Express derived it (TRUST_PROXY decides whether nginx's header counts). */
export function clientAddressOf(req: { ip?: string }): string {
  return plainIp(req.ip) ?? 'unknown';
}
