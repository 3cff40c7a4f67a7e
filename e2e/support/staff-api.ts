import { request, type APIRequestContext } from '@playwright/test';
import type { AnalyticsEvent } from '../../packages/contracts/src/analytics';
import { BASE_URL, E2E_ADMIN_PASSWORD } from './environment';

/** An API client logged in as staff, for reading what the site recorded. */
export async function staffApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const login = await api.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  if (!login.ok()) throw new Error(`Staff login failed: ${login.status()} ${await login.text()}`);
  return api;
}

/** The recorded events of one type, newest first, for one visitor session. */
export async function recordedEvents(api: APIRequestContext, eventType: string, sessionId: string): Promise<AnalyticsEvent[]> {
  const res = await api.get(`/api/analytics/events/${eventType}?limit=500`);
  if (!res.ok()) throw new Error(`Reading ${eventType} events failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as AnalyticsEvent[]).filter((e) => e.sessionId === sessionId);
}
