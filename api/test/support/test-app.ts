import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { freshMysqlDatabase, freshSqliteDatabase, workerDatabaseUrl } from './test-database.js';

/** Which database the integration suite runs on: MySQL/MariaDB when TEST_DATABASE_URL is set. */
export const TEST_DATABASE = process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * A fully built API on a real database: a fresh SQLite file, or this Jest worker's MySQL database
 * on the server of TEST_DATABASE_URL emptied first (unless `keepDatabase`, to restart on the same
 * data); both start from the migrated template of test-database.ts. `env`
 * overrides the environment the config is read from; `logger` replaces the silent one.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { keepDatabase?: boolean; logger?: Logger } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'festival-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SQLITE_PATH: join(dir, 'test.sqlite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    // The tests stand where nginx would: X-Forwarded-For from 127.0.0.1 names the client.
    TRUST_PROXY: 'loopback',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: workerDatabaseUrl(process.env.TEST_DATABASE_URL) } : {}),
    ...env,
  });
  if (!options.keepDatabase) {
    if (config.database.type === 'mysql') await freshMysqlDatabase(config.database.url);
    else if (!existsSync(config.database.path)) await freshSqliteDatabase(config.database.path);
  }
  const { app } = await createApp(config, options.logger ?? pino({ level: 'silent' }));
  // A real listening socket: supertest then sends every request (even 100 at once) to one port.
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const dataSource = app.get(DataSource);
  let closed = false;
  return {
    app,
    config,
    http: request(url),
    dataSource,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
