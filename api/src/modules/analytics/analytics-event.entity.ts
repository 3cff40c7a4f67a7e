import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PageSections } from '@festival/contracts';

/**
 * One visitor or server event. A page view's row also carries that view's behaviour (scroll
 * depth, time on page, sections), written by its leave event. `attribution*` are the
 * normalised marketing source the attribution report counts by (see analytics-attribution.ts).
 */
@Entity('analytics_events')
@Index('IDX_analytics_events_type_bot', ['eventType', 'isBot'])
@Index('IDX_analytics_events_people', ['eventType', 'isBot', 'entityId', 'sessionId'])
@Index('IDX_analytics_events_session', ['sessionId', 'eventType'])
@Index('IDX_analytics_events_page_view', ['pageViewId'], { unique: true })
@Index('IDX_analytics_events_event_type', ['eventId', 'eventType', 'isBot', 'createdAt'])
export class AnalyticsEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  /** The party (season) the visit belongs to: the one on sale when it was stored. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 64 })
  eventType!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sessionId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  pageViewId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  entityId!: string | null;

  /** Server time of the event. */
  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'varchar', length: 200, nullable: true })
  userName!: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  userEmail!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  userPhone!: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ipAddress!: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @Column({ type: 'boolean', default: false })
  isBot!: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  geoCity!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  geoRegion!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  geoCountry!: string | null;

  @Column({ type: 'double', nullable: true })
  geoLatitude!: number | null;

  @Column({ type: 'double', nullable: true })
  geoLongitude!: number | null;

  @Column({ type: 'integer', nullable: true })
  scrollDepth!: number | null;

  /** Milliseconds. */
  @Column({ type: 'integer', nullable: true })
  timeOnPage!: number | null;

  @Column({ type: 'simple-json', nullable: true })
  pageSections!: PageSections | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  utmSource!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  utmMedium!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  utmCampaign!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  utmContent!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  utmTerm!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  referrer!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  attributionSource!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  attributionMedium!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  attributionCampaign!: string | null;

  @Column({ type: 'simple-json', nullable: true })
  metadata!: Record<string, unknown> | null;

  /**
   * Sent by a browser with Global Privacy Control on (`Sec-GPC: 1`): counted, never linked to
   * a name, address or phone, placed no finer than its country (docs/privacy.md). The server's
   * events of the same session inherit it.
   */
  @Column({ type: 'boolean', default: false })
  gpc!: boolean;
}
