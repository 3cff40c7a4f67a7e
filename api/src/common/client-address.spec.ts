import { clientAddressOf, plainIp, truncatedIp } from './client-address.js';

describe('client addresses', () => {
  it('reports an IPv4 client of a dual-stack socket plainly', () => {
    expect(plainIp('::ffff:81.2.69.160')).toBe('81.2.69.160');
  });

  it('keeps an IPv4 address without its last byte, and an IPv6 address as its /48 network', () => {
    expect(truncatedIp('81.2.69.160')).toBe('81.2.69.0');
    expect(truncatedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncatedIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncatedIp('::1')).toBe('0:0:0::');
    expect(truncatedIp(null)).toBeNull();
    expect(truncatedIp('not an address')).toBeNull();
  });

  it('F12: per-address caps key an IPv6 client by its /64, and an IPv4 client by its whole address', () => {
    const network = clientAddressOf({ ip: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' });
    expect(network).toBe('2001:db8:1:2::/64');
    // Every address of the same /64 is one client; the next /64 is another.
    expect(clientAddressOf({ ip: '2001:db8:1:2::1' })).toBe(network);
    expect(clientAddressOf({ ip: '2001:0db8:0001:0002:ffff::' })).toBe(network);
    expect(clientAddressOf({ ip: '2001:db8:1:3::1' })).not.toBe(network);
    expect(clientAddressOf({ ip: '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf({ ip: '81.2.69.160' })).toBe('81.2.69.160');
    expect(clientAddressOf({ ip: '::ffff:81.2.69.160' })).toBe('81.2.69.160');
    expect(clientAddressOf({})).toBe('unknown');
  });
});
