import type { AnalyticsEvent } from '@festival/contracts';
import type { AnalyticsEventEntity } from './analytics-event.entity.js';
import { deviceType } from './device.js';

/** A stored event as the staff dashboard reads it. */
export function toAnalyticsEvent(e: AnalyticsEventEntity): AnalyticsEvent {
  return {
    id: String(e.id),
    entityId: e.entityId,
    sessionId: e.sessionId,
    eventType: e.eventType,
    createdAt: e.createdAt.toISOString(),
    userName: e.userName,
    userEmail: e.userEmail,
    userPhone: e.userPhone,
    geoCity: e.geoCity,
    geoRegion: e.geoRegion,
    geoCountry: e.geoCountry,
    geoLatitude: e.geoLatitude === null ? null : Number(e.geoLatitude),
    geoLongitude: e.geoLongitude === null ? null : Number(e.geoLongitude),
    ipAddress: e.ipAddress,
    scrollDepth: e.scrollDepth,
    timeOnPage: e.timeOnPage,
    pageSections: e.pageSections,
    userAgent: e.userAgent,
    device: deviceType(e.userAgent),
    utmSource: e.utmSource,
    utmMedium: e.utmMedium,
    utmCampaign: e.utmCampaign,
    utmContent: e.utmContent,
    utmTerm: e.utmTerm,
    referrer: e.referrer,
    metadata: e.metadata,
  };
}
