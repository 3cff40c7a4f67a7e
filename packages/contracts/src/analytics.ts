import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import {
  BROWSER_EVENT_TYPES,
  CONVERSION_EVENT_TYPES,
  DEVICE_TYPES,
  PAGE_LEAVE_EVENT_TYPE,
  PAGE_VIEW_EVENT_TYPES,
} from './analytics-events.js';

/**
 * Visitor analytics: what the public site sends to `POST /api/analytics`, and what the staff
 * dashboard reads back from `GET /api/analytics/...`.
 */

export * from './analytics-events.js';

/** Event types: lower-case words joined by underscores, as other modules name them too. */
export const eventTypeSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lower-case letters, digits and underscores');

/** Session and page view ids made by the browser (UUIDs, or anything similarly opaque). */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

/** Limits that keep one event small; anything larger is refused as junk. */
export const ANALYTICS_LIMITS = {
  /** The serialised event, in characters. */
  eventChars: 16_384,
  sections: 20,
  metadataChars: 2_048,
  /** A day: longer "time on page" values are clock errors or junk. */
  timeOnPageMs: 24 * 60 * 60 * 1000,
} as const;

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v.trim())
    .nullish()
    .transform((v) => (v ? v : null));

export const pageSectionStatsSchema = z.strictObject({
  /** How many times the section became at least half visible once scrolling had settled. */
  count: z.number().int().min(0).max(100_000),
  /** Milliseconds the section spent at least half visible while the page was shown. */
  visibleMs: z.number().int().min(0).max(ANALYTICS_LIMITS.timeOnPageMs),
});
export type PageSectionStats = z.infer<typeof pageSectionStatsSchema>;

export const pageSectionsSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'section names are lower-case words'), pageSectionStatsSchema)
  .refine((sections) => Object.keys(sections).length <= ANALYTICS_LIMITS.sections, {
    message: `at most ${ANALYTICS_LIMITS.sections} sections`,
  });
export type PageSections = z.infer<typeof pageSectionsSchema>;

const metadataSchema = z.record(z.string().max(64), z.unknown()).refine((m) => JSON.stringify(m).length <= ANALYTICS_LIMITS.metadataChars, {
  message: `must be at most ${ANALYTICS_LIMITS.metadataChars} characters as JSON`,
});

/**
 * One event as the browser sends it (docs/product.md section 3, "Analytics event (sent by
 * the public site)"), plus `pageViewId`, which ties a leave event to its page view. Server-side facts
 * (time, IP, user agent, geo) are never taken from the browser. Unknown fields are dropped.
 */
export const analyticsEventRequestSchema = z
  .object({
    eventType: z.enum(BROWSER_EVENT_TYPES, {
      error: valueMessage((issue) =>
        typeof issue.input === 'string' && (CONVERSION_EVENT_TYPES as readonly string[]).includes(issue.input)
          ? 'conversions are recorded by the server, not sent by the browser'
          : `must be one of ${BROWSER_EVENT_TYPES.join(', ')}`,
      ),
    }),
    sessionId: clientIdSchema,
    /** The page view a leave event belongs to; lets a page view be sent twice without counting twice. */
    pageViewId: clientIdSchema.nullish().transform((v) => v ?? null),
    /** On a leave event: the type of the page view it closes (page_view or party_page_view). */
    pageEventType: z
      .enum(PAGE_VIEW_EVENT_TYPES)
      .nullish()
      .transform((v) => v ?? null),
    scrollDepth: z
      .number()
      .min(0)
      .max(100)
      .nullish()
      .transform((v) => (v === null || v === undefined ? null : Math.round(v))),
    timeOnPage: z
      .number()
      .min(0)
      .max(ANALYTICS_LIMITS.timeOnPageMs)
      .nullish()
      .transform((v) => (v === null || v === undefined ? null : Math.round(v))),
    pageSections: pageSectionsSchema.nullish().transform((v) => v ?? null),
    userName: text(200),
    userEmail: text(320),
    userPhone: text(40),
    utmSource: text(200),
    utmMedium: text(200),
    utmCampaign: text(200),
    utmContent: text(200),
    utmTerm: text(200),
    referrer: text(2048),
    metadata: metadataSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((event, ctx) => {
    if (event.eventType === PAGE_LEAVE_EVENT_TYPE) {
      if (!event.pageViewId) ctx.addIssue({ code: 'custom', path: ['pageViewId'], message: 'is required on a page_leave event' });
      if (!event.pageEventType) ctx.addIssue({ code: 'custom', path: ['pageEventType'], message: 'is required on a page_leave event' });
    }
  });
/** What a browser may send (before the schema's defaults and trimming). */
export type AnalyticsEventRequest = z.input<typeof analyticsEventRequestSchema>;
/** The validated event. */
export type ValidAnalyticsEvent = z.output<typeof analyticsEventRequestSchema>;

/** `GET /api/analytics/funnel`: one entry per event type. */
export const funnelEntrySchema = z.object({ eventType: z.string(), count: z.number().int().nonnegative() });
export type FunnelEntry = z.infer<typeof funnelEntrySchema>;

/** One event as the staff read it (docs/product.md section 3, "Analytics event (as read by admin)"). */
export const analyticsEventSchema = z.object({
  id: z.string(),
  entityId: z.string().nullable(),
  sessionId: z.string().nullable(),
  eventType: z.string(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  geoCity: z.string().nullable(),
  geoRegion: z.string().nullable(),
  geoCountry: z.string().nullable(),
  geoLatitude: z.number().nullable(),
  geoLongitude: z.number().nullable(),
  ipAddress: z.string().nullable(),
  scrollDepth: z.number().nullable(),
  /** Milliseconds. */
  timeOnPage: z.number().nullable(),
  pageSections: z.record(z.string(), pageSectionStatsSchema).nullable(),
  userAgent: z.string().nullable(),
  /** From the user agent, by the server (see docs/staff-dashboard.md). */
  device: z.enum(DEVICE_TYPES),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmContent: z.string().nullable(),
  utmTerm: z.string().nullable(),
  referrer: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const ANALYTICS_EVENTS_PAGE_SIZE = 100;
export const ANALYTICS_EVENTS_MAX_PAGE_SIZE = 500;

/**
 * `GET /api/analytics/events/{eventType}?limit=&before=`: newest first. `before` is the id of
 * the last event of the previous page; a page shorter than `limit` is the last one.
 */
export const analyticsEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ANALYTICS_EVENTS_MAX_PAGE_SIZE).default(ANALYTICS_EVENTS_PAGE_SIZE),
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'must be the id of an event')
    .transform(Number)
    .optional(),
});
export type AnalyticsEventsQuery = z.input<typeof analyticsEventsQuerySchema>;

/** `GET /api/analytics/events/{eventType}/summary`: the event dialog's header numbers. */
export const analyticsEventsSummarySchema = z.object({
  eventType: z.string(),
  totalEvents: z.number().int().nonnegative(),
  /** Events grouped by entityId, else sessionId, else the event itself. */
  uniqueUsers: z.number().int().nonnegative(),
});
export type AnalyticsEventsSummary = z.infer<typeof analyticsEventsSummarySchema>;

/** `GET /api/analytics/attribution`: page views and conversions per marketing source. */
export const attributionRowSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string().nullable(),
  pageViews: z.number().int().nonnegative(),
  conversions: z.number().int().nonnegative(),
});
export type AttributionRow = z.infer<typeof attributionRowSchema>;
