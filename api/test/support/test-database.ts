import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { DataSource, type QueryRunner } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/migrate.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';

/**
 * Fresh databases for the test apps, fast. The schema is migrated once into a template (per
 * migration code: the template's name carries a hash of it), and every test app then starts from
 * a copy of that template: the very rows and schema the migrations leave, without running them
 * again. A database whose schema is no longer the template's (a test changed it) is dropped and
 * migrated from nothing, as before.
 */
const MIGRATIONS_HASH = createHash('sha256')
  .update(MIGRATIONS.map((m) => `${m.name}\n${m.toString()}`).join('\n'))
  .digest('hex')
  .slice(0, 12);

const silent = pino({ level: 'silent' });
/** How long a reset waits for a table another connection holds. */
const LOCK_WAIT_SECONDS = 20;

/** This Jest worker's own database on the server of TEST_DATABASE_URL: workers never share tables. */
export function workerDatabaseUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${process.env.JEST_WORKER_ID ?? '1'}`;
  return url.toString();
}

/** Puts a migrated, empty SQLite database at `path` (a copy of the migrated template). */
export async function freshSqliteDatabase(path: string): Promise<void> {
  const template = join(tmpdir(), `festival-test-template-${MIGRATIONS_HASH}.sqlite`);
  if (!existsSync(template)) {
    // Built under a name of its own, then renamed: workers building it at once never see half a file.
    const building = `${template}.${process.pid}`;
    const ds = new DataSource(dataSourceOptions({ type: 'sqlite', path: building }, []));
    await ds.initialize();
    try {
      await runMigrations(ds, silent);
      await ds.query('PRAGMA wal_checkpoint(TRUNCATE)');
      await ds.query('PRAGMA journal_mode = DELETE');
    } finally {
      await ds.destroy();
    }
    renameSync(building, template);
    for (const name of readdirSync(tmpdir())) {
      if (name.startsWith('festival-test-template-') && !template.endsWith(name) && !name.includes('.sqlite.')) {
        rmSync(join(tmpdir(), name), { force: true });
      }
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(template, path);
}

/**
 * Empties the MySQL database of `url` (creating it if needed) to the migrated template's rows.
 * One connection does it all (its session settings hold for every statement), and waits at most
 * LOCK_WAIT_SECONDS for a table another connection still holds: a test app left open in a
 * transaction fails the next test with that message instead of hanging the suite.
 */
export async function freshMysqlDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const template = `${name}_t${MIGRATIONS_HASH}`;
  const server = new URL(url);
  server.pathname = '/';
  const ds = new DataSource({ type: 'mysql', url: server.toString(), extra: { connectionLimit: 1 } });
  await ds.initialize();
  const db = ds.createQueryRunner();
  try {
    await db.query(`SET SESSION lock_wait_timeout = ${LOCK_WAIT_SECONDS}, group_concat_max_len = 16777216`);
    const exists = (await db.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = ?', [name])) as unknown[];
    if (exists.length === 0) await db.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await ensureMysqlTemplate(db, url, template);
    await db.query(`USE \`${name}\``);
    const same = (await schemaOf(db, name)) === (await schemaOf(db, template));
    const tables = await tablesOf(db, name);
    await db.query('SET FOREIGN_KEY_CHECKS = 0');
    try {
      if (same) {
        for (const table of tables) await db.query(`TRUNCATE TABLE \`${table}\``);
        for (const table of await tablesWithRows(db, template)) {
          await db.query(`INSERT INTO \`${table}\` SELECT * FROM \`${template}\`.\`${table}\``);
        }
      } else {
        // Not the template's schema (never migrated, or changed by a test): the app migrates it.
        for (const table of tables) await db.query(`DROP TABLE IF EXISTS \`${table}\``);
      }
    } catch (error) {
      if (/lock wait timeout/i.test(String(error))) {
        throw new Error(`${name} is still in use: an earlier test app holds its tables`, { cause: error });
      }
      throw error;
    } finally {
      await db.query('SET FOREIGN_KEY_CHECKS = 1');
    }
  } finally {
    await db.release();
    await ds.destroy();
  }
}

async function ensureMysqlTemplate(admin: QueryRunner, url: string, template: string): Promise<void> {
  const [found] = (await admin.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
    template,
    'migrations',
  ])) as { n: number | string }[];
  if (Number(found?.n) > 0) {
    const [applied] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${template}\`.migrations`)) as { n: number | string }[];
    if (Number(applied?.n) === MIGRATIONS.length) return;
  }
  // Built afresh; templates of other migration code on this server go.
  const base = template.replace(/_t[0-9a-f]+$/, '');
  const stale = (await admin.query('SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?', [
    `${base.replace(/_/g, '\\_')}\\_t%`,
  ])) as { name: string }[];
  for (const { name } of stale) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.query(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const at = new URL(url);
  at.pathname = `/${template}`;
  const ds = new DataSource(dataSourceOptions({ type: 'mysql', url: at.toString() }, []));
  await ds.initialize();
  try {
    await runMigrations(ds, silent);
  } finally {
    await ds.destroy();
  }
}

async function tablesOf(ds: QueryRunner, schema: string): Promise<string[]> {
  const rows = (await ds.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [schema],
  )) as { name: string }[];
  return rows.map((r) => r.name);
}

async function tablesWithRows(ds: QueryRunner, schema: string): Promise<string[]> {
  const tables = await tablesOf(ds, schema);
  if (tables.length === 0) return [];
  const counts = (await ds.query(
    tables.map((t) => `SELECT '${t}' AS name, COUNT(*) AS n FROM \`${schema}\`.\`${t}\``).join(' UNION ALL '),
  )) as { name: string; n: number | string }[];
  return counts.filter((c) => Number(c.n) > 0).map((c) => c.name);
}

/** The schema's tables, columns, indexes and foreign keys, as one digest. */
async function schemaOf(ds: QueryRunner, schema: string): Promise<string> {
  const [row] = (await ds.query(
    `SELECT MD5(GROUP_CONCAT(x ORDER BY x SEPARATOR '\\n')) AS digest FROM (
       SELECT CONCAT_WS('|', 'c', table_name, column_name, ordinal_position, column_type, is_nullable,
                        IFNULL(column_default, '-'), extra, IFNULL(collation_name, '-')) AS x
         FROM information_schema.columns WHERE table_schema = ?
       UNION ALL
       SELECT CONCAT_WS('|', 'i', table_name, index_name, seq_in_index, column_name, non_unique)
         FROM information_schema.statistics WHERE table_schema = ?
       UNION ALL
       SELECT CONCAT_WS('|', 'f', k.table_name, k.constraint_name, k.column_name, k.referenced_table_name,
                        k.referenced_column_name, r.update_rule, r.delete_rule)
         FROM information_schema.key_column_usage k
         JOIN information_schema.referential_constraints r
           ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name
        WHERE k.table_schema = ?
     ) s`,
    [schema, schema, schema],
  )) as { digest: string | null }[];
  return row?.digest ?? '';
}
