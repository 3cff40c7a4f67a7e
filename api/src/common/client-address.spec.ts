import { plainIp, truncatedIp } from './client-address.js';

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
});
