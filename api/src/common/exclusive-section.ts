import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import pRetry from 'p-retry';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';

const DEADLOCK_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** A transaction lost to a deadlock runs again, up to five times in all, after a short random wait. */
export const DEADLOCK_RETRY = { retries: 4, minTimeout: 5, factor: 2, maxTimeout: 100, randomize: true } as const;

export function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code !== undefined && DEADLOCK_CODES.has(code);
}

/**
 * SQLite through TypeORM has one connection, shared by every query. A statement sent while a
 * transaction is open on it becomes part of that transaction, and is undone with it if the
 * transaction rolls back (a hold refused as sold out would take a guest's acknowledged write
 * with it). The gate keeps them apart: a transaction starts only when no other statement is
 * running, and while it is open, statements from outside it wait until it ends. The
 * transaction's own statements are recognised by the async context they run in.
 */
class SqliteGate {
  private readonly context = new AsyncLocalStorage<object>();
  private owner: object | null = null;
  private waitingOwners = 0;
  private running = 0;
  private waiters: (() => void)[] = [];

  constructor(runner: QueryRunner) {
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    (runner as { query: unknown }).query = async (...args: unknown[]) => {
      if (this.owner !== null && this.context.getStore() === this.owner) return query(...args);
      // Outside statements give way to an open or waiting transaction.
      while (this.owner !== null || this.waitingOwners > 0) await this.changed();
      this.running += 1;
      try {
        return await query(...args);
      } finally {
        this.running -= 1;
        this.notify();
      }
    };
  }

  /** Runs `work` (one transaction at a time, see ExclusiveSection) with the connection to itself. */
  async alone<T>(work: () => Promise<T>): Promise<T> {
    this.waitingOwners += 1;
    try {
      while (this.owner !== null || this.running > 0) await this.changed();
    } finally {
      this.waitingOwners -= 1;
    }
    const token = {};
    this.owner = token;
    try {
      return await this.context.run(token, work);
    } finally {
      this.owner = null;
      this.notify();
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Runs a read-check-write as one transaction that no other holder of the same named lock can
 * interleave with. On MySQL the lock is a `SELECT ... FOR UPDATE` on a row of `app_locks`, so it
 * holds across API replicas; SQLite has no row locks and one process, so an in-process queue
 * serialises all these transactions (TypeORM shares SQLite's single connection between them, so
 * on SQLite every multi-statement transaction must go through here).
 */
@Injectable()
export class ExclusiveSection {
  /** SQLite: every exclusive transaction, whatever its lock name, runs one after another. */
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private readonly sqliteGate: SqliteGate | null;
  /** Called after each transaction under a lock has ended (committed or rolled back). */
  private readonly afterListeners = new Map<string, (() => void)[]>();

  constructor(private readonly dataSource: DataSource) {
    this.sqliteGate = this.isMysql ? null : new SqliteGate(dataSource.driver.createQueryRunner('master'));
  }

  private get isMysql(): boolean {
    return this.dataSource.options.type === 'mysql' || this.dataSource.options.type === 'mariadb';
  }

  /**
   * Registers `listener` to run after every transaction under `lockName` has ended, once its
   * changes are visible to other connections: the hot-read caches drop what the write may have
   * changed. Runs after a rollback too (a cache dropped for nothing is only read again).
   */
  afterEach(lockName: string, listener: () => void): void {
    this.afterListeners.set(lockName, [...(this.afterListeners.get(lockName) ?? []), listener]);
  }

  async run<T>(lockName: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      if (this.isMysql) return await this.runOnMysql(lockName, work);
      const gate = this.sqliteGate!;
      const current = this.sqliteQueue.catch(() => undefined).then(() => gate.alone(() => this.dataSource.transaction(work)));
      this.sqliteQueue = current;
      return await current;
    } finally {
      for (const listener of this.afterListeners.get(lockName) ?? []) listener();
    }
  }

  /**
   * One transaction under no named lock, for writes that must land together but need not
   * exclude each other (the analytics events and their counters). On MySQL an ordinary
   * transaction, run again if it was lost to a deadlock; on SQLite it takes its turn with the
   * exclusive transactions, as every multi-statement transaction there must.
   */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.isMysql) return this.retryDeadlocks(() => this.dataSource.transaction(work));
    const gate = this.sqliteGate!;
    const current = this.sqliteQueue.catch(() => undefined).then(() => gate.alone(() => this.dataSource.transaction(work)));
    this.sqliteQueue = current;
    return current;
  }

  private runOnMysql<T>(lockName: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.retryDeadlocks(() =>
      this.dataSource.transaction(async (manager) => {
        const locked = (await manager.query('SELECT name FROM app_locks WHERE name = ? FOR UPDATE', [lockName])) as unknown[];
        if (locked.length === 0) throw new Error(`Unknown lock ${lockName}`);
        return work(manager);
      }),
    );
  }

  private retryDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
    return pRetry(transaction, { ...DEADLOCK_RETRY, shouldRetry: ({ error }) => isDeadlock(error) });
  }
}
