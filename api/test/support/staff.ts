import type { DeviceRole } from '@festival/contracts';
import type { TestApp } from './test-app.js';

/** The session cookie (`festival.sid=...`) a response set. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((c) => c.startsWith('festival.sid='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0];
}

/** Logs the manager in with the password; returns the session cookie. */
export async function managerCookie(t: TestApp, password: string): Promise<string> {
  const res = await t.http.post('/api/admin/login').send({ password }).expect(200);
  return sessionCookieOf(res.headers['set-cookie']);
}

/** The secret of a pass path (`/admin/login#device-pass=<secret>`). */
export const passSecretOf = (passPath: string): string => passPath.split('#device-pass=')[1];

/** The manager adds a device; returns its id and pass secret. */
export async function addDevice(t: TestApp, manager: string, name: string, role: DeviceRole): Promise<{ id: string; pass: string }> {
  const res = await t.http.post('/api/admin/devices').set('Cookie', manager).send({ name, role }).expect(201);
  return { id: res.body.device.id as string, pass: passSecretOf(res.body.passPath as string) };
}

/** Opens a pass in a fresh browser; returns that browser's session cookie. */
export async function openPass(t: TestApp, pass: string): Promise<string> {
  const res = await t.http.post('/api/admin/device-pass').send({ pass }).expect(200);
  return sessionCookieOf(res.headers['set-cookie']);
}

/** A device signed in with its pass: the manager adds it, a fresh browser opens the pass. */
export async function deviceCookie(t: TestApp, manager: string, name: string, role: DeviceRole): Promise<string> {
  const { pass } = await addDevice(t, manager, name, role);
  return openPass(t, pass);
}
