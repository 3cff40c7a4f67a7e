import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * One code path for both databases: the embedded SQLite file by default, MySQL/MariaDB when
 * DATABASE_URL is set. The schema is never synchronized; migrations define it. The entities are
 * the application's (app.entities.ts): this folder knows the database, not the modules.
 */
export function dataSourceOptions(config: AppConfig['database'], entities: DataSourceOptions['entities']): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    // Applied by runMigrations() at start, under a lock on MySQL (several replicas start at once).
    migrationsRun: false,
    synchronize: false,
    logging: false,
  };
  if (config.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      url: config.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      extra: { connectionLimit: 20 },
    };
  }
  if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.path,
    enableWAL: config.path !== ':memory:',
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}
