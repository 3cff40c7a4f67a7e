import type { AnalyticsEventEntity } from './analytics-event.entity.js';

/** One event row as the ingest builds it. */
export type AnalyticsRow = Partial<AnalyticsEventEntity> & Pick<AnalyticsEventEntity, 'eventId' | 'eventType' | 'createdAt'>;

/**
 * How a browser event is written: `view` inserts a page view once per `pageViewId`, `leave`
 * writes the behaviour columns onto its page view (inserting the row if the leave event came
 * first), `plain` inserts an event of its own.
 */
export type WriteKind = 'view' | 'leave' | 'plain';

export interface EventWrite {
  kind: WriteKind;
  row: AnalyticsRow;
}

/**
 * Where analytics events are stored: a port chosen once at boot (analytics.module.ts), as the
 * payment gateway is. Each call is one transaction that stores the events, the people behind
 * them and the attribution counters together, so the counters never disagree with the events.
 */
export abstract class AnalyticsEventStore {
  /** Stores a group of browser events, all or nothing. */
  abstract storeGroup(writes: readonly EventWrite[]): Promise<void>;

  /** Stores one event of its own and resolves to its id. */
  abstract storeOne(row: AnalyticsRow): Promise<number>;
}
