import type { Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { AnalyticsEventEntity } from './analytics-event.entity.js';
import { recordPeople } from './analytics-people.js';

/**
 * How a browser event is written: `leave` upserts its page view's behaviour columns, `view`
 * inserts a page view once per `pageViewId`, `plain` inserts an event of its own.
 */
export type WriteKind = 'view' | 'leave' | 'plain';

const BEHAVIOUR_COLUMNS = ['scrollDepth', 'timeOnPage', 'pageSections'];
/**
 * At most this many events in one INSERT, and this many INSERTs under way at once: one at a
 * time makes the groups larger, which on MariaDB gave more events per second than several
 * smaller INSERTs side by side (bench/api-limit.mjs).
 */
const MAX_BATCH = 200;
const MAX_FLUSHES = 1;

interface Pending {
  kind: WriteKind;
  row: Partial<AnalyticsEventEntity>;
  done: (error?: unknown) => void;
}

/**
 * Group commit for the analytics ingest. Events that arrive while an INSERT is under way are
 * written together by the next one (one multi-row statement per kind, in its own implicit
 * transaction), and each caller's promise settles only once the statement holding its event
 * has been committed. Nothing is acknowledged before it is stored, so a crash loses only events
 * whose senders got no answer. If a batch fails, its events are retried one by one, so one bad
 * event fails alone.
 */
export class AnalyticsWriter {
  private readonly queue: Pending[] = [];
  private flushing = 0;
  private scheduled = false;
  private readonly columns: ColumnMetadata[];
  private readonly isMysql: boolean;

  constructor(private readonly events: Repository<AnalyticsEventEntity>) {
    this.columns = events.metadata.columns.filter((c) => !c.isGenerated);
    const type = events.manager.connection.options.type;
    this.isMysql = type === 'mysql' || type === 'mariadb';
  }

  write(kind: WriteKind, row: Partial<AnalyticsEventEntity>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing >= MAX_FLUSHES || this.queue.length === 0) return;
    this.scheduled = true;
    // The events of the requests being read right now join this batch.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue.splice(0, MAX_BATCH);
      this.flushing += 1;
      void this.writeBatch(batch).finally(() => {
        this.flushing -= 1;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    // Page views before leave events: a leave event then lands on its view's row.
    for (const kind of ['view', 'leave', 'plain'] as const) {
      const items = batch.filter((p) => p.kind === kind);
      if (items.length === 0) continue;
      try {
        await this.insert(kind, items.map((p) => p.row));
        for (const item of items) item.done();
      } catch (error) {
        if (items.length === 1) {
          items[0].done(error);
          continue;
        }
        for (const item of items) {
          await this.insert(kind, [item.row]).then(
            () => item.done(),
            (one: unknown) => item.done(one),
          );
        }
      }
    }
  }

  private async insert(kind: WriteKind, rows: Partial<AnalyticsEventEntity>[]): Promise<void> {
    const driver = this.events.manager.connection.driver;
    const table = driver.escape(this.events.metadata.tableName);
    const names = this.columns.map((c) => driver.escape(c.databaseName));
    const tuple = `(${this.columns.map(() => '?').join(', ')})`;
    const parameters: unknown[] = [];
    for (const row of rows) {
      for (const column of this.columns) {
        const value = (row as Record<string, unknown>)[column.propertyName];
        parameters.push(driver.preparePersistentValue(value ?? null, column));
      }
    }
    const ignore = kind === 'view' ? (this.isMysql ? 'IGNORE ' : 'OR IGNORE ') : '';
    let sql = `INSERT ${ignore}INTO ${table} (${names.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`;
    if (kind === 'leave') {
      const set = BEHAVIOUR_COLUMNS.map((name) => driver.escape(name));
      sql += this.isMysql
        ? ` ON DUPLICATE KEY UPDATE ${set.map((c) => `${c} = VALUES(${c})`).join(', ')}`
        : ` ON CONFLICT (${driver.escape('pageViewId')}) DO UPDATE SET ${set.map((c) => `${c} = excluded.${c}`).join(', ')}`;
    }
    // The events and the people behind them (for the event dialog's header, see
    // analytics-people.ts) are written side by side; the batch is acknowledged once both are.
    const people = rows.map((row) => ({ eventType: row.eventType!, isBot: Boolean(row.isBot), entityId: row.entityId, sessionId: row.sessionId }));
    const [events, persons] = await Promise.allSettled([
      this.events.manager.connection.query(sql, parameters),
      recordPeople(this.events.manager, people),
    ]);
    // Events not stored: the caller retries them (the people rows are written idempotently).
    if (events.status === 'rejected') throw events.reason;
    // Events stored, people not: only the people are tried again.
    if (persons.status === 'rejected') await recordPeople(this.events.manager, people);
  }
}
