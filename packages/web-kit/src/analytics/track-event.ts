import type { AnalyticsEventRequest, BrowserEventType } from '@festival/contracts';
import { getAttribution } from './attribution';
import { getAnalyticsSessionId } from './session';

export const ANALYTICS_ENDPOINT = '/api/analytics';

/** Everything an event may carry besides its type, session and attribution (added for you). */
export type TrackFields = Partial<Omit<AnalyticsEventRequest, 'eventType' | 'sessionId'>>;

/**
 * Posts one event. `beacon` uses `navigator.sendBeacon`, which the browser delivers even while
 * the page is closing; otherwise a `keepalive` fetch, which also outlives a navigation and lets
 * a failure be reported. Failures go to the console only, never to the visitor.
 */
export function sendAnalyticsEvent(payload: AnalyticsEventRequest, options: { beacon?: boolean } = {}): Promise<void> {
  const body = JSON.stringify(payload);
  if (options.beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      // A string goes as text/plain: no CORS preflight, and the API reads it as JSON.
      if (navigator.sendBeacon(ANALYTICS_ENDPOINT, body)) return Promise.resolve();
    } catch (error) {
      console.error(`Analytics: ${payload.eventType} could not be sent`, error);
    }
  }
  try {
    return fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body,
    }).then(
      (res) => {
        if (!res.ok) console.error(`Analytics: ${payload.eventType} was not recorded (${res.status})`);
      },
      (error: unknown) => console.error(`Analytics: ${payload.eventType} could not be sent`, error),
    );
  } catch (error) {
    console.error(`Analytics: ${payload.eventType} could not be sent`, error);
    return Promise.resolve();
  }
}

/**
 * Sends one event with the visitor's session id and the session's attribution, e.g.
 * `trackEvent('party_add_to_cart', { metadata: { adultTickets: 2 } })`. The request starts
 * before this returns (so a navigation right after it does not cancel it); the promise
 * settles when it is done and never rejects.
 */
export function trackEvent(eventType: BrowserEventType, fields: TrackFields = {}, options: { beacon?: boolean } = {}): Promise<void> {
  let payload: AnalyticsEventRequest;
  try {
    payload = { ...getAttribution(), ...fields, eventType, sessionId: getAnalyticsSessionId() };
  } catch (error) {
    console.error(`Analytics: ${eventType} could not be prepared`, error);
    return Promise.resolve();
  }
  return sendAnalyticsEvent(payload, options);
}
