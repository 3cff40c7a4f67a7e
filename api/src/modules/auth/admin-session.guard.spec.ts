import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadConfig } from '../../config/app-config.js';
import { AdminSessionGuard } from './admin-session.guard.js';

interface FakeRequest {
  method: string;
  protocol: string;
  headers: Record<string, string>;
  session?: { admin?: boolean };
}

function contextFor(req: FakeRequest, isPublic = false): ExecutionContext {
  const handler = () => undefined;
  if (isPublic) Reflect.defineMetadata('festival:isPublic', true, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => ({ ...req, get: (name: string) => req.headers[name.toLowerCase()] }) }),
  } as unknown as ExecutionContext;
}

const staff = (method: string, headers: Record<string, string> = {}): FakeRequest => ({
  method,
  protocol: 'https',
  headers: { host: 'festival.example', ...headers },
  session: { admin: true },
});

describe('AdminSessionGuard', () => {
  const guard = new AdminSessionGuard(new Reflector(), loadConfig({ PUBLIC_URL: 'https://www.festival.example' }));

  it('lets anyone through a public route', () => {
    expect(guard.canActivate(contextFor({ method: 'POST', protocol: 'http', headers: {} }, true))).toBe(true);
  });

  it('refuses a guarded route without a staff session', () => {
    expect(() => guard.canActivate(contextFor({ method: 'GET', protocol: 'http', headers: {} }))).toThrow(UnauthorizedException);
  });

  it('lets staff read from anywhere their cookie goes, and write from the site itself', () => {
    expect(guard.canActivate(contextFor(staff('GET', { origin: 'https://evil.example' })))).toBe(true);
    expect(guard.canActivate(contextFor(staff('POST', { origin: 'https://festival.example' })))).toBe(true);
    expect(guard.canActivate(contextFor(staff('DELETE', { origin: 'https://www.festival.example' })))).toBe(true);
    expect(guard.canActivate(contextFor(staff('POST')))).toBe(true);
  });

  it('refuses a staff write from a foreign origin or a cross-site fetch', () => {
    expect(() => guard.canActivate(contextFor(staff('POST', { origin: 'https://evil.example' })))).toThrow(ForbiddenException);
    expect(() => guard.canActivate(contextFor(staff('DELETE', { 'sec-fetch-site': 'cross-site' })))).toThrow(ForbiddenException);
  });
});
