import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

const DEADLOCK_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

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
  /** Called after each transaction under a lock has ended (committed or rolled back). */
  private readonly afterListeners = new Map<string, (() => void)[]>();

  constructor(private readonly dataSource: DataSource) {}

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
      const current = this.sqliteQueue.catch(() => undefined).then(() => this.dataSource.transaction(work));
      this.sqliteQueue = current;
      return await current;
    } finally {
      for (const listener of this.afterListeners.get(lockName) ?? []) listener();
    }
  }

  private async runOnMysql<T>(lockName: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          const locked = (await manager.query('SELECT name FROM app_locks WHERE name = ? FOR UPDATE', [lockName])) as unknown[];
          if (locked.length === 0) throw new Error(`Unknown lock ${lockName}`);
          return work(manager);
        });
      } catch (error) {
        const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
        if (attempt < 5 && code && DEADLOCK_CODES.has(code)) continue;
        throw error;
      }
    }
  }
}
