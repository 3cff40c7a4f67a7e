/**
 * The analytics event names and constants, free of any schema code so that browser bundles
 * importing only these stay small. The schemas are in analytics.ts.
 */

/** Page views: the landing page's and the party page's. */
export const PAGE_VIEW_EVENT_TYPES = ['page_view', 'party_page_view'] as const;
export type PageViewEventType = (typeof PAGE_VIEW_EVENT_TYPES)[number];

/** A completed order or ticket purchase. Recorded by the server only, never by a browser. */
export const CONVERSION_EVENT_TYPES = ['order_completed', 'party_order_completed'] as const;
export type ConversionEventType = (typeof CONVERSION_EVENT_TYPES)[number];

/**
 * The leave event: the behaviour of one page view (scroll depth, time on page, sections),
 * written onto that page view's record rather than stored as an event of its own.
 */
export const PAGE_LEAVE_EVENT_TYPE = 'page_leave';

/** Every event type a browser may send. Conversions are refused: only the server records them. */
export const BROWSER_EVENT_TYPES = [
  ...PAGE_VIEW_EVENT_TYPES,
  PAGE_LEAVE_EVENT_TYPE,
  'catering_clicked',
  'add_to_cart',
  'checkout_started',
  'party_add_to_cart',
  'party_checkout_started',
] as const;
export type BrowserEventType = (typeof BROWSER_EVENT_TYPES)[number];

/** The dashboard's two conversion funnels, in step order. */
export const FEAST_FUNNEL_STEPS = ['page_view', 'add_to_cart', 'checkout_started', 'order_completed'] as const;
export const PARTY_FUNNEL_STEPS = ['party_page_view', 'party_add_to_cart', 'party_checkout_started', 'party_order_completed'] as const;

/** The kind of device an event came from, worked out by the server from its user agent. */
export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Desktop', 'Unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Source and medium of a visit with no utm parameters and no referrer. */
export const DIRECT_SOURCE = 'direct';
export const DIRECT_MEDIUM = 'none';
