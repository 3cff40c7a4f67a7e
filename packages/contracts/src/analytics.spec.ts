import { analyticsEventRequestSchema, analyticsEventsQuerySchema, ANALYTICS_LIMITS } from './analytics.js';

const SESSION = '0b9c1a52-6c55-4f57-9a57-1f2b1c3d4e5f';

describe('analytics event request', () => {
  it('accepts a page view with attribution, trimming text and turning empty strings into null', () => {
    const parsed = analyticsEventRequestSchema.parse({
      eventType: 'page_view',
      sessionId: SESSION,
      utmSource: ' facebook ',
      utmMedium: 'social',
      utmCampaign: 'diwali2024',
      utmContent: '',
      referrer: null,
    });
    expect(parsed).toMatchObject({
      eventType: 'page_view',
      sessionId: SESSION,
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'diwali2024',
      utmContent: null,
      utmTerm: null,
      referrer: null,
      scrollDepth: null,
      pageSections: null,
      metadata: null,
    });
  });

  it('rounds behaviour numbers and drops fields it does not know', () => {
    const parsed = analyticsEventRequestSchema.parse({
      eventType: 'page_leave',
      sessionId: SESSION,
      pageViewId: 'pv-12345678',
      pageEventType: 'page_view',
      scrollDepth: 42.6,
      timeOnPage: 1234.4,
      pageSections: { hero: { count: 1, visibleMs: 900 } },
      createdAt: '1999-01-01T00:00:00Z',
      ipAddress: '1.2.3.4',
    });
    expect(parsed.scrollDepth).toBe(43);
    expect(parsed.timeOnPage).toBe(1234);
    expect(parsed).not.toHaveProperty('createdAt');
    expect(parsed).not.toHaveProperty('ipAddress');
  });

  it.each([
    ['an unknown event type', { eventType: 'hack', sessionId: SESSION }],
    ['a conversion from a browser', { eventType: 'order_completed', sessionId: SESSION }],
    ['a missing session id', { eventType: 'page_view' }],
    ['a session id with odd characters', { eventType: 'page_view', sessionId: '<script>alert(1)</script>' }],
    ['a scroll depth above 100', { eventType: 'page_view', sessionId: SESSION, scrollDepth: 101 }],
    ['a scroll depth that is not a number', { eventType: 'page_view', sessionId: SESSION, scrollDepth: 'deep' }],
    ['a leave event without its page view', { eventType: 'page_leave', sessionId: SESSION, scrollDepth: 10 }],
    ['sections of the wrong shape', { eventType: 'page_view', sessionId: SESSION, pageSections: { hero: 3 } }],
    ['metadata that is not an object', { eventType: 'catering_clicked', sessionId: SESSION, metadata: 'x' }],
    [
      'oversized metadata',
      { eventType: 'catering_clicked', sessionId: SESSION, metadata: { x: 'y'.repeat(ANALYTICS_LIMITS.metadataChars) } },
    ],
    ['an overlong utm value', { eventType: 'page_view', sessionId: SESSION, utmSource: 'x'.repeat(201) }],
    ['an array', [{ eventType: 'page_view', sessionId: SESSION }]],
  ])('refuses %s', (_name, payload) => {
    expect(analyticsEventRequestSchema.safeParse(payload).success).toBe(false);
  });

  it('explains why a conversion is refused', () => {
    const result = analyticsEventRequestSchema.safeParse({ eventType: 'party_order_completed', sessionId: SESSION });
    expect(result.error?.issues[0].message).toMatch(/recorded by the server/);
  });
});

describe('analytics events query', () => {
  it('defaults to a page of 100 and reads a cursor', () => {
    expect(analyticsEventsQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(analyticsEventsQuerySchema.parse({ limit: '20', before: '981' })).toEqual({ limit: 20, before: 981 });
  });

  it('refuses a page size above 500 or a cursor that is not an id', () => {
    expect(analyticsEventsQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(analyticsEventsQuerySchema.safeParse({ before: '12; DROP TABLE' }).success).toBe(false);
  });
});
