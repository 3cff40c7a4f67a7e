import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ANALYTICS_LIMITS, eventTypeSchema, PAGE_LEAVE_EVENT_TYPE, type ValidAnalyticsEvent } from '@festival/contracts';
import { truncatedIp } from '../../common/client-address.js';
import { SharedRateLimits, type SharedRateLimiter } from '../../common/rate-limiter.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsEventStore, type AnalyticsRow } from './analytics-event-store.js';
import { AnalyticsIngestQueue } from './analytics-ingest.queue.js';
import { normaliseAttribution } from './attribution.js';
import { firstTouchOfSessions } from './session-attribution.js';
import type { ClientInfo } from './client-info.js';
import { countryOnly, GeoIpService, type GeoLocation } from './geoip.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';

/** An event another module records on the server, e.g. a completed ticket purchase. */
export interface ServerEventInput {
  eventType: string;
  /** The party (season) it is about, e.g. the order's; the one on sale without it. */
  eventId?: number;
  /** The visitor's analytics session (the browser passes it along), to credit its attribution. */
  sessionId?: string | null;
  /** What the event is about, e.g. the order id. */
  entityId?: string | null;
  userName?: string | null;
  userEmail?: string | null;
  userPhone?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** Events one analytics session may send per hour (counted across every replica). */
export const SESSION_EVENTS_PER_HOUR = 300;

const NO_GEO: GeoLocation = { geoCity: null, geoRegion: null, geoCountry: null, geoLatitude: null, geoLongitude: null };

const clip = (value: string | null | undefined, max: number): string | null => {
  const v = value?.trim().slice(0, max);
  return v ? v : null;
};

/** Records analytics events: those browsers send, and those other modules record. */
@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);
  /** One visitor's session sends a few dozen events in an evening; beyond this it is a script. */
  private readonly perSession: SharedRateLimiter;

  constructor(
    @InjectRepository(AnalyticsEventEntity) private readonly events: Repository<AnalyticsEventEntity>,
    private readonly geo: GeoIpService,
    private readonly queue: AnalyticsIngestQueue,
    private readonly store: AnalyticsEventStore,
    private readonly seasons: SeasonsService,
    limits: SharedRateLimits,
  ) {
    this.perSession = limits.limiter({ name: 'analytics-session', points: SESSION_EVENTS_PER_HOUR, durationMs: 60 * 60 * 1000 });
  }

  /**
   * Stores one validated browser event with what the server knows of its sender (time, IP,
   * user agent, bot flag, place). A leave event is written onto its page view's row, whichever
   * of the two arrives first; a page view sent twice is counted once. Resolves once the event
   * is stored (written together with the events that arrived meanwhile, see AnalyticsIngestQueue).
   */
  async ingest(event: ValidAnalyticsEvent, client: ClientInfo): Promise<void> {
    if (!(await this.perSession.hit(event.sessionId)).allowed) {
      throw new HttpException('Too many analytics events from this visitor. Please slow down.', HttpStatus.TOO_MANY_REQUESTS);
    }
    const now = new Date();
    const immediate = this.geo.lookupNow(client.ip);
    const place = immediate.ready ? (immediate.location ?? NO_GEO) : NO_GEO;
    const attribution = normaliseAttribution(event);
    const row: AnalyticsRow = {
      eventId: await this.seasons.currentId(),
      eventType: event.eventType,
      sessionId: event.sessionId,
      pageViewId: event.pageViewId,
      entityId: null,
      createdAt: now,
      // Global Privacy Control: counted, never linked to a person (docs/privacy.md).
      userName: client.gpc ? null : event.userName,
      userEmail: client.gpc ? null : event.userEmail,
      userPhone: client.gpc ? null : event.userPhone,
      gpc: client.gpc,
      // The place is looked up from the whole address; the address is kept without its host part.
      ipAddress: truncatedIp(client.ip),
      userAgent: client.userAgent,
      isBot: client.isBot,
      ...(client.gpc ? countryOnly(place) : place),
      scrollDepth: event.scrollDepth,
      timeOnPage: event.timeOnPage,
      pageSections: event.pageSections,
      utmSource: event.utmSource,
      utmMedium: event.utmMedium,
      utmCampaign: event.utmCampaign,
      utmContent: event.utmContent,
      utmTerm: event.utmTerm,
      referrer: event.referrer,
      attributionSource: attribution.source,
      attributionMedium: attribution.medium,
      attributionCampaign: attribution.campaign,
      metadata: event.metadata,
    };

    let insertedId: number | undefined;
    if (event.eventType === PAGE_LEAVE_EVENT_TYPE) {
      // The page view's own row, created here if the leave event arrived first.
      const started = new Date(now.getTime() - (event.timeOnPage ?? 0));
      await this.queue.write('leave', { ...row, eventType: event.pageEventType ?? 'page_view', createdAt: started });
    } else if (event.pageViewId) {
      await this.queue.write('view', row);
    } else if (immediate.ready || !client.ip) {
      await this.queue.write('plain', row);
    } else {
      // Its place is filled in later by its id (only while the GeoIP database loads).
      insertedId = await this.store.storeOne(row);
    }

    if (!immediate.ready && client.ip) this.locateLater(client.ip, event.pageViewId, insertedId, client.gpc);
  }

  /**
   * Records an event from another module (a paid order, a ticket purchase). Credits it to the
   * attribution of the visitor's session when `sessionId` is known. Never throws: a failure is
   * logged, and the caller's own work goes on.
   */
  async recordServerEvent(input: ServerEventInput): Promise<void> {
    try {
      const eventType = eventTypeSchema.safeParse(input?.eventType);
      if (!eventType.success) {
        this.logger.warn(
          `Server analytics event refused: event type ${JSON.stringify(input?.eventType)} ${eventType.error.issues[0].message}`,
        );
        return;
      }
      const sessionId = clip(input.sessionId, 64);
      const visit = sessionId ? await this.sessionVisit(sessionId) : null;
      // A session whose browser sent Global Privacy Control stays unlinked (docs/privacy.md).
      const gpc = Boolean(visit?.gpc) || (sessionId !== null && (await this.events.existsBy({ sessionId, gpc: true })));
      let metadata = input.metadata ?? null;
      if (metadata && JSON.stringify(metadata).length > ANALYTICS_LIMITS.metadataChars * 4) {
        this.logger.warn(`Server analytics event ${eventType.data}: metadata too large, dropped`);
        metadata = null;
      }
      const row: AnalyticsRow = {
        eventId: input.eventId ?? (await this.seasons.currentId()),
        eventType: eventType.data,
        sessionId,
        entityId: clip(input.entityId, 64),
        createdAt: new Date(),
        userName: gpc ? null : clip(input.userName, 200),
        userEmail: gpc ? null : clip(input.userEmail, 320),
        userPhone: gpc ? null : clip(input.userPhone, 40),
        isBot: false,
        gpc,
        metadata,
        // Where the visitor came from and was, as the session's own events recorded it.
        ...(visit
          ? {
              ipAddress: visit.ipAddress,
              userAgent: visit.userAgent,
              ...(gpc
                ? countryOnly(visit)
                : {
                    geoCity: visit.geoCity,
                    geoRegion: visit.geoRegion,
                    geoCountry: visit.geoCountry,
                    geoLatitude: visit.geoLatitude,
                    geoLongitude: visit.geoLongitude,
                  }),
              utmSource: visit.utmSource,
              utmMedium: visit.utmMedium,
              utmCampaign: visit.utmCampaign,
              utmContent: visit.utmContent,
              utmTerm: visit.utmTerm,
              referrer: visit.referrer,
              attributionSource: visit.attributionSource,
              attributionMedium: visit.attributionMedium,
              attributionCampaign: visit.attributionCampaign,
            }
          : {}),
      };
      await this.store.storeOne(row);
    } catch (error) {
      this.logger.error(`Server analytics event ${String(input?.eventType)} not recorded: ${String(error)}`);
    }
  }

  /** The first event a visitor's browser sent in this session (it carries the session's attribution). */
  private async sessionVisit(sessionId: string): Promise<AnalyticsEventEntity | null> {
    return (await firstTouchOfSessions(this.events.manager, [sessionId])).get(sessionId) ?? null;
  }

  /** Fills in the place of a just-stored event once the GeoIP database has loaded. */
  private locateLater(ip: string, pageViewId: string | null, id: number | undefined, gpc: boolean): void {
    if (!pageViewId && !id) return;
    this.geo
      .lookup(ip)
      .then(async (location) => {
        if (!location) return;
        const update = this.events
          .createQueryBuilder()
          .update(AnalyticsEventEntity)
          .set(gpc ? countryOnly(location) : location)
          .where('ipAddress = :ip', { ip: truncatedIp(ip) })
          .andWhere('geoCountry IS NULL');
        if (pageViewId) update.andWhere('pageViewId = :pageViewId', { pageViewId });
        else update.andWhere('id = :id', { id });
        await update.execute();
      })
      .catch((error: unknown) => this.logger.warn(`Could not store the location of an analytics event: ${String(error)}`));
  }
}
