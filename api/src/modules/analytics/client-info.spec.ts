import type { Request } from 'express';
import { plainIp } from '../../common/client-address.js';
import { clientInfo } from './client-info.js';

const request = (ip: string | undefined, userAgent?: string, headers: Record<string, string> = {}) =>
  ({
    ip,
    get: (name: string) => (name.toLowerCase() === 'user-agent' ? userAgent : headers[name.toLowerCase()]),
  }) as unknown as Request;

describe('clientInfo', () => {
  it('reports an IPv4 client on a dual-stack socket by its IPv4 address', () => {
    expect(plainIp('::ffff:81.2.69.160')).toBe('81.2.69.160');
    expect(plainIp('2001:db8::1')).toBe('2001:db8::1');
    expect(plainIp(undefined)).toBeNull();
  });

  it('flags crawlers and clients without a user agent as bots, browsers not', () => {
    const chrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(clientInfo(request('81.2.69.160', chrome))).toEqual({ ip: '81.2.69.160', userAgent: chrome, isBot: false, gpc: false });
    expect(clientInfo(request('81.2.69.160', 'facebookexternalhit/1.1')).isBot).toBe(true);
    expect(clientInfo(request('81.2.69.160', 'curl/8.5.0')).isBot).toBe(true);
    expect(clientInfo(request('81.2.69.160')).isBot).toBe(true);
  });

  it('notes Global Privacy Control only when the browser sends Sec-GPC: 1', () => {
    expect(clientInfo(request('81.2.69.160', 'Mozilla/5.0', { 'sec-gpc': '1' })).gpc).toBe(true);
    expect(clientInfo(request('81.2.69.160', 'Mozilla/5.0', { 'sec-gpc': '0' })).gpc).toBe(false);
    expect(clientInfo(request('81.2.69.160', 'Mozilla/5.0')).gpc).toBe(false);
  });

  it('keeps at most 512 characters of a user agent', () => {
    expect(clientInfo(request('1.2.3.4', `Mozilla/5.0 ${'x'.repeat(1000)}`)).userAgent).toHaveLength(512);
  });
});
