import { newId, readSession, writeSession } from './storage';

export const SESSION_ID_KEY = 'festival.analytics.sessionId';

/**
 * The visitor's analytics session: made once per browser session (per tab) and kept in
 * sessionStorage, so reloads keep it and a new tab starts a new one. Pages that hand a purchase
 * to the server pass it along so the purchase is credited to the visit's source.
 */
export function getAnalyticsSessionId(): string {
  const existing = readSession(SESSION_ID_KEY);
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const id = newId();
  writeSession(SESSION_ID_KEY, id);
  return id;
}
