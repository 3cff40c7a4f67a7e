import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadConfig } from '../../config/app-config.js';
import { AdminSessionGuard } from './admin-session.guard.js';

interface FakeRequest {
  method: string;
  protocol: string;
  headers: Record<string, string>;
  session?: { admin?: boolean; role?: 'manager' | 'door' | 'bar'; staffName?: string; deviceId?: string };
  staffSessionEnded?: string;
}

function contextFor(req: FakeRequest, isPublic = false, roles?: string[]): ExecutionContext {
  const handler = () => undefined;
  if (isPublic) Reflect.defineMetadata('festival:isPublic', true, handler);
  if (roles) Reflect.defineMetadata('festival:allowedRoles', roles, handler);
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

  const device = (role: 'door' | 'bar', name: string): FakeRequest => ({
    method: 'GET',
    protocol: 'https',
    headers: { host: 'festival.example' },
    session: { admin: true, role, staffName: name, deviceId: 'd1' },
  });

  it('lets a device through the routes declared for its role only', () => {
    expect(guard.canActivate(contextFor(device('bar', 'Bar'), false, ['bar']))).toBe(true);
    expect(guard.canActivate(contextFor(device('door', 'Door 1'), false, ['door', 'bar']))).toBe(true);
    expect(() => guard.canActivate(contextFor(device('door', 'Door 1'), false, ['bar']))).toThrow(
      new ForbiddenException('Not allowed: Door 1 is signed in for the door only. Ask the manager.'),
    );
  });

  it('keeps an undeclared staff route for the manager', () => {
    expect(() => guard.canActivate(contextFor(device('bar', 'Bar')))).toThrow(ForbiddenException);
    expect(guard.canActivate(contextFor(staff('GET')))).toBe(true);
    expect(guard.canActivate(contextFor({ ...staff('GET'), session: { admin: true, role: 'manager' } }, false, ['door']))).toBe(true);
  });

  it('says why a revoked device was refused', () => {
    const ended = { method: 'GET', protocol: 'https', headers: {}, staffSessionEnded: 'This device was signed out' };
    expect(() => guard.canActivate(contextFor(ended))).toThrow(new UnauthorizedException('This device was signed out'));
  });
});
