export { ATTRIBUTION_KEY, getAttribution, type Attribution } from './attribution';
export { currentScrollDepth, startPageTracking, type PageBehaviour, type PageTrackingOptions } from './page-tracker';
export { getAnalyticsSessionId, SESSION_ID_KEY } from './session';
export { ANALYTICS_ENDPOINT, sendAnalyticsEvent, trackEvent, type TrackFields } from './track-event';
export { usePageTracking } from './use-page-tracking';
