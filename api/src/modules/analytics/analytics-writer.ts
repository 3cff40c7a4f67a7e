import type { EntityManager, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { recordAttribution } from './analytics-attribution.js';
import type { AnalyticsEventEntity } from './analytics-event.entity.js';
import { recordPeople } from './analytics-people.js';

/**
 * How a browser event is written: `leave` upserts its page view's behaviour columns, `view`
 * inserts a page view once per `pageViewId`, `plain` inserts an event of its own.
 */
export type WriteKind = 'view' | 'leave' | 'plain';

/** Runs `work` as one transaction (ExclusiveSection.transaction). */
export type Transaction = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>;

const BEHAVIOUR_COLUMNS = ['scrollDepth', 'timeOnPage', 'pageSections'] as const;
/**
 * At most this many events in one group, and this many groups under way at once: one at a
 * time makes the groups larger, which on MariaDB gave more events per second than several
 * smaller ones side by side (bench/api-limit.mjs).
 */
const MAX_BATCH = 200;
const MAX_FLUSHES = 1;

type Row = Partial<AnalyticsEventEntity>;

interface Pending {
  kind: WriteKind;
  row: Row;
  done: (error?: unknown) => void;
}

/** A unique key refused the row: MySQL/MariaDB's ER_DUP_ENTRY, SQLite's unique constraint. */
function isDuplicate(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Group commit for the analytics ingest. Events that arrive while a group is being written are
 * written together by the next one, in one transaction with the people behind them and the
 * attribution counters: the counters can never disagree with the events, whatever fails.
 * Each caller's promise settles only once that transaction has committed. Nothing is
 * acknowledged before it is stored, so a crash loses only events whose senders got no answer.
 * If a group fails, its events are written again one by one, so one bad event fails alone.
 */
export class AnalyticsWriter {
  private readonly queue: Pending[] = [];
  private flushing = 0;
  private scheduled = false;
  private readonly columns: ColumnMetadata[];
  private readonly behaviour: ColumnMetadata[];
  private readonly pageViewId: ColumnMetadata;

  constructor(
    private readonly events: Repository<AnalyticsEventEntity>,
    private readonly transaction: Transaction,
  ) {
    this.columns = events.metadata.columns.filter((c) => !c.isGenerated);
    this.behaviour = BEHAVIOUR_COLUMNS.map((name) => events.metadata.findColumnWithPropertyName(name)!);
    this.pageViewId = events.metadata.findColumnWithPropertyName('pageViewId')!;
  }

  write(kind: WriteKind, row: Row): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing >= MAX_FLUSHES || this.queue.length === 0) return;
    this.scheduled = true;
    // The events of the requests being read right now join this group.
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
    try {
      await this.transaction((manager) => this.store(manager, batch));
      for (const item of batch) item.done();
    } catch (error) {
      if (batch.length === 1) {
        batch[0].done(error);
        return;
      }
      // The whole group was rolled back: each event alone, so a bad one fails by itself.
      for (const item of batch) {
        await this.transaction((manager) => this.store(manager, [item])).then(
          () => item.done(),
          (one: unknown) => item.done(one),
        );
      }
    }
  }

  /**
   * Writes a group in the open transaction: the page views not stored yet and the other events
   * (one INSERT), the behaviour of leave events whose page view is stored (one UPDATE), then the
   * people and the counters of what was inserted.
   */
  private async store(manager: EntityManager, batch: readonly Pending[]): Promise<void> {
    const keys = batch.filter((p) => p.kind !== 'plain' && p.row.pageViewId).map((p) => p.row.pageViewId!);
    const stored = new Set(keys.length > 0 ? await this.storedViews(manager, keys) : []);
    const inserts: Row[] = [];
    const updates = new Map<string, Row>();
    // Page views before leave events, as before: a leave event then lands on its view's row.
    for (const kind of ['view', 'leave', 'plain'] as const) {
      for (const { kind: k, row } of batch) {
        if (k !== kind) continue;
        const key = row.pageViewId;
        if (kind === 'plain' || !key) inserts.push(row);
        else if (!stored.has(key)) {
          stored.add(key);
          inserts.push(row);
        } else if (kind === 'leave') updates.set(key, row); // the last one sent wins
        // A page view already stored is not stored again.
      }
    }
    try {
      if (inserts.length > 0) await this.insert(manager, inserts);
    } catch (error) {
      // One page view stored meanwhile (by another replica, say): as if it had been there.
      const [{ kind, row }] = batch;
      if (batch.length !== 1 || kind === 'plain' || !isDuplicate(error)) throw error;
      inserts.length = 0;
      if (kind === 'leave') updates.set(row.pageViewId!, row);
    }
    if (updates.size > 0) await this.updateBehaviour(manager, [...updates.values()]);
    // What the inserted events add: the people behind them, and the counters.
    await recordPeople(manager, inserts.map((row) => ({ eventType: row.eventType!, isBot: Boolean(row.isBot), entityId: row.entityId, sessionId: row.sessionId })));
    await recordAttribution(manager, inserts as { eventType: string }[]);
  }

  private async storedViews(manager: EntityManager, keys: string[]): Promise<string[]> {
    const driver = manager.connection.driver;
    const column = driver.escape(this.pageViewId.databaseName);
    const rows = (await manager.query(
      `SELECT ${column} AS id FROM ${driver.escape(this.events.metadata.tableName)} WHERE ${column} IN (${keys.map(() => '?').join(', ')})`,
      keys,
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  private async insert(manager: EntityManager, rows: Row[]): Promise<void> {
    const driver = manager.connection.driver;
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
    await manager.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`, parameters);
  }

  /** Leave events onto their stored page views: only the behaviour columns change. */
  private async updateBehaviour(manager: EntityManager, rows: Row[]): Promise<void> {
    const driver = manager.connection.driver;
    const key = driver.escape(this.pageViewId.databaseName);
    const parameters: unknown[] = [];
    const sets = this.behaviour.map((column) => {
      for (const row of rows) {
        const value = (row as Record<string, unknown>)[column.propertyName];
        parameters.push(row.pageViewId, driver.preparePersistentValue(value ?? null, column));
      }
      return `${driver.escape(column.databaseName)} = CASE ${key} ${rows.map(() => 'WHEN ? THEN ?').join(' ')} END`;
    });
    parameters.push(...rows.map((row) => row.pageViewId));
    await manager.query(
      `UPDATE ${driver.escape(this.events.metadata.tableName)} SET ${sets.join(', ')} WHERE ${key} IN (${rows.map(() => '?').join(', ')})`,
      parameters,
    );
  }
}
