import mysql, { type Pool } from 'mysql2/promise';
import type { EntityManager, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { attributionStatement, recordAttribution } from './analytics-attribution.js';
import type { AnalyticsEventEntity } from './analytics-event.entity.js';
import { peopleRowKey, peopleStatements, recordPeople, type EventPerson, type Statement } from './analytics-people.js';

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
/** How many people rows this process remembers as stored (see AnalyticsWriter.peopleToAdd). */
const PEOPLE_REMEMBERED = 20_000;

type Row = Partial<AnalyticsEventEntity>;

/** Column types whose values go to the driver as they are (no dates, flags or JSON). */
const AS_IS = new Set(['varchar', 'integer', 'double']);

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

/** What a group writes: the events to insert, and the leave events onto stored page views. */
interface Plan {
  inserts: Row[];
  updates: Row[];
}

/**
 * Group commit for the analytics ingest. Events that arrive while a group is being written are
 * written together by the next one, in one transaction with the people behind them and the
 * attribution counters: the counters can never disagree with the events, whatever fails.
 * Each caller's promise settles only once that transaction has committed. Nothing is
 * acknowledged before it is stored, so a crash loses only events whose senders got no answer.
 *
 * On MySQL a group is first sent as one round trip: the transaction's statements and its
 * COMMIT together (a pool of its own allows several statements per query; only this writer's
 * statements, built here with every value escaped by the driver, ever run on it). It takes the
 * page views of the group to be new (a leave event's page view is looked up first): if one was
 * stored already, its INSERT fails, nothing after it runs, and the transaction is rolled back.
 * The group is then written the careful way (the page views stored looked up in the
 * transaction), and if that fails too, event by event, so one bad event fails alone.
 */
export class AnalyticsWriter {
  private readonly queue: Pending[] = [];
  private flushing = 0;
  private scheduled = false;
  private readonly columns: ColumnMetadata[];
  /** Each column's value as the driver takes it (TypeORM's preparePersistentValue where needed). */
  private readonly prepare: ((value: unknown) => unknown)[];
  private readonly behaviour: ColumnMetadata[];
  private readonly pageViewId: ColumnMetadata;
  /** MySQL: the pool of the one-round-trip groups. */
  private readonly pool: Pool | null = null;
  /** People rows committed by this process: most events are of someone already counted. */
  private readonly peopleStored = new Set<string>();

  constructor(
    private readonly events: Repository<AnalyticsEventEntity>,
    private readonly transaction: Transaction,
  ) {
    this.columns = events.metadata.columns.filter((c) => !c.isGenerated);
    const driver = events.manager.connection.driver;
    this.prepare = this.columns.map((column) =>
      AS_IS.has(String(column.type)) && !column.transformer
        ? (value: unknown) => value ?? null
        : (value: unknown) => driver.preparePersistentValue(value ?? null, column),
    );
    this.behaviour = BEHAVIOUR_COLUMNS.map((name) => events.metadata.findColumnWithPropertyName(name)!);
    this.pageViewId = events.metadata.findColumnWithPropertyName('pageViewId')!;
    const options = events.manager.connection.options;
    if ((options.type === 'mysql' || options.type === 'mariadb') && options.url) {
      // As TypeORM's own pool talks to the database (app.module's options), plus multipleStatements.
      this.pool = mysql.createPool({
        uri: options.url,
        charset: options.charset,
        timezone: options.timezone,
        supportBigNumbers: true,
        bigNumberStrings: true,
        stringifyObjects: true,
        multipleStatements: true,
        connectionLimit: MAX_FLUSHES + 1,
      });
    }
  }

  /** Waits for the groups under way (a few seconds at most), then closes the pool. */
  async close(): Promise<void> {
    for (let waited = 0; (this.flushing > 0 || this.queue.length > 0) && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.pool?.end();
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
    if (this.pool) {
      try {
        this.remember(await this.storeInOneTrip(this.pool, batch));
        for (const item of batch) item.done();
        return;
      } catch {
        // Rolled back: written the careful way below.
      }
    }
    try {
      this.remember(await this.transaction((manager) => this.store(manager, batch)));
      for (const item of batch) item.done();
    } catch (error) {
      if (batch.length === 1) {
        batch[0].done(error);
        return;
      }
      // The whole group was rolled back: each event alone, so a bad one fails by itself.
      for (const item of batch) {
        await this.transaction((manager) => this.store(manager, [item])).then(
          (people) => {
            this.remember(people);
            item.done();
          },
          (one: unknown) => item.done(one),
        );
      }
    }
  }

  /**
   * The people behind inserted events that this process has not stored itself yet. People rows
   * are only ever added (the refill after a hand deletion counts every stored event again), so
   * one committed here is there for good; the others are written (`INSERT IGNORE`) as before.
   */
  private peopleToAdd(inserts: readonly Row[]): EventPerson[] {
    const people: EventPerson[] = [];
    for (const row of inserts) {
      const one = person(row);
      const key = peopleRowKey(one);
      if (key !== null && !this.peopleStored.has(key)) people.push(one);
    }
    return people;
  }

  /** Called once the transaction that added these people has committed. */
  private remember(people: readonly EventPerson[]): void {
    for (const one of people) {
      if (this.peopleStored.size >= PEOPLE_REMEMBERED) this.peopleStored.clear();
      this.peopleStored.add(peopleRowKey(one)!);
    }
  }

  /**
   * Writes a group in the open transaction: the page views not stored yet and the other events
   * (one INSERT), the behaviour of leave events whose page view is stored (one UPDATE), then the
   * people and the counters of what was inserted.
   */
  private async store(manager: EntityManager, batch: readonly Pending[]): Promise<EventPerson[]> {
    const keys = batch.filter((p) => p.kind !== 'plain' && p.row.pageViewId).map((p) => p.row.pageViewId!);
    const stored = new Set(keys.length > 0 ? await this.storedViews(manager, keys) : []);
    const { inserts, updates } = plan(batch, stored);
    try {
      if (inserts.length > 0) await this.run(manager, this.insertStatement(inserts));
    } catch (error) {
      // One page view stored meanwhile (by another replica, say): as if it had been there.
      const [{ kind, row }] = batch;
      if (batch.length !== 1 || kind === 'plain' || !isDuplicate(error)) throw error;
      inserts.length = 0;
      if (kind === 'leave') updates.push(row);
    }
    if (updates.length > 0) await this.run(manager, this.updateStatement(updates));
    // What the inserted events add: the people behind them, and the counters.
    const people = this.peopleToAdd(inserts);
    await recordPeople(manager, people);
    await recordAttribution(manager, inserts as { eventType: string }[]);
    return people;
  }

  /**
   * MySQL: the group's transaction and its COMMIT in one query (after looking up the page views
   * of its leave events, if any). Rolled back, and the error passed on, if any statement fails.
   */
  private async storeInOneTrip(pool: Pool, batch: readonly Pending[]): Promise<EventPerson[]> {
    const connection = await pool.getConnection();
    let open = false;
    let broken = false;
    try {
      const keys = batch.filter((p) => p.kind === 'leave' && p.row.pageViewId).map((p) => p.row.pageViewId!);
      const stored = new Set<string>();
      if (keys.length > 0) {
        const { sql, parameters } = this.storedViewsStatement(keys);
        const [rows] = await connection.query(sql, parameters);
        for (const row of rows as { id: string }[]) stored.add(row.id);
      }
      const { inserts, updates } = plan(batch, stored);
      const statements: Statement[] = [{ sql: 'START TRANSACTION', parameters: [] }];
      if (inserts.length > 0) statements.push(this.insertStatement(inserts));
      if (updates.length > 0) statements.push(this.updateStatement(updates));
      const people = this.peopleToAdd(inserts);
      statements.push(...peopleStatements(people, true));
      const counters = attributionStatement(inserts as { eventType: string }[], true);
      if (counters) statements.push(counters);
      statements.push({ sql: 'COMMIT', parameters: [] });
      open = true;
      await connection.query(statements.map((s) => s.sql).join(';\n'), statements.flatMap((s) => s.parameters));
      open = false;
      return people;
    } catch (error) {
      if (open) {
        await connection.query('ROLLBACK').catch(() => {
          broken = true;
          connection.destroy();
        });
      }
      throw error;
    } finally {
      if (!broken) connection.release();
    }
  }

  private async run(manager: EntityManager, { sql, parameters }: Statement): Promise<void> {
    await manager.query(sql, parameters);
  }

  private storedViewsStatement(keys: string[]): Statement {
    const driver = this.events.manager.connection.driver;
    const column = driver.escape(this.pageViewId.databaseName);
    return {
      sql: `SELECT ${column} AS id FROM ${driver.escape(this.events.metadata.tableName)} WHERE ${column} IN (${keys.map(() => '?').join(', ')})`,
      parameters: keys,
    };
  }

  private async storedViews(manager: EntityManager, keys: string[]): Promise<string[]> {
    const { sql, parameters } = this.storedViewsStatement(keys);
    return ((await manager.query(sql, parameters)) as { id: string }[]).map((r) => r.id);
  }

  private insertStatement(rows: Row[]): Statement {
    const driver = this.events.manager.connection.driver;
    const table = driver.escape(this.events.metadata.tableName);
    const names = this.columns.map((c) => driver.escape(c.databaseName));
    const tuple = `(${this.columns.map(() => '?').join(', ')})`;
    const parameters: unknown[] = [];
    const properties = this.columns.map((c) => c.propertyName);
    for (const row of rows) {
      for (let i = 0; i < properties.length; i += 1) parameters.push(this.prepare[i]((row as Record<string, unknown>)[properties[i]]));
    }
    return { sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`, parameters };
  }

  /** Leave events onto their stored page views: only the behaviour columns change. */
  private updateStatement(rows: Row[]): Statement {
    const driver = this.events.manager.connection.driver;
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
    return {
      sql: `UPDATE ${driver.escape(this.events.metadata.tableName)} SET ${sets.join(', ')} WHERE ${key} IN (${rows.map(() => '?').join(', ')})`,
      parameters,
    };
  }
}

const person = (row: Row) => ({ eventType: row.eventType!, isBot: Boolean(row.isBot), entityId: row.entityId, sessionId: row.sessionId });

/**
 * Which events of a group are inserted and which leave events update their page view, given
 * the page view ids already stored. Page views before leave events, as before: a leave event
 * then lands on its view's row. A page view already stored (or twice in the group) is not
 * stored again; of several leave events of one page view, the last one sent wins.
 */
function plan(batch: readonly Pending[], stored: Set<string>): Plan {
  const inserts: Row[] = [];
  const updates = new Map<string, Row>();
  for (const kind of ['view', 'leave', 'plain'] as const) {
    for (const { kind: k, row } of batch) {
      if (k !== kind) continue;
      const key = row.pageViewId;
      if (kind === 'plain' || !key) inserts.push(row);
      else if (!stored.has(key)) {
        stored.add(key);
        inserts.push(row);
      } else if (kind === 'leave') updates.set(key, row);
    }
  }
  return { inserts, updates: [...updates.values()] };
}
