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
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 3).join(':')}::` : null;
}

/** An IPv6 address's eight groups, without leading zeros (`2001:db8::1` → 2001, db8, 0, …, 1), or null for anything else. */
function ipv6Groups(ip: string): string[] | null {
  if (!ip.includes(':')) return null;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return groups.map((g) => (parseInt(g, 16) || 0).toString(16));
}

/**
 * The client as the per-address caps count it (holds, declined cards, payment starts, logins),
 * from the address Express derived (TRUST_PROXY decides whether nginx's header counts): an IPv4
 * address whole, an IPv6 client by its /64 (`2001:db8:1:2::/64`), the block one household or
 * phone is given, so a client cannot take 2^64 fresh identities from its own network.
 */
export function clientAddressOf(req: { ip?: string }): string {
  const ip = plainIp(req.ip);
  if (!ip) return 'unknown';
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}
