import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import type { AppConfig } from '../config/app-config.js';

/**
 * The database half of a backup: a consistent copy out of the running database and back into an
 * empty one. SQLite through better-sqlite3's online backup API; MySQL/MariaDB through the
 * client tools (`mysqldump --single-transaction`, then `mysql`, or MariaDB's names of them).
 */

type DatabaseConfig = AppConfig['database'];

/** Pages copied per step: all of them at once, so the copy reads one snapshot and never restarts. */
const ALL_PAGES = 0x7fffffff;

/** Connection settings of a mysql:// URL, as the client tools take them (the password through the environment, never argv). */
function clientSettings(url: string): { args: string[]; env: NodeJS.ProcessEnv; database: string } {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new Error('DATABASE_URL names no database');
  return {
    args: [
      `--host=${parsed.hostname}`,
      `--port=${parsed.port || '3306'}`,
      `--user=${decodeURIComponent(parsed.username)}`,
      '--protocol=TCP',
      '--default-character-set=utf8mb4',
    ],
    env: { ...process.env, MYSQL_PWD: decodeURIComponent(parsed.password) },
    database,
  };
}

/** Runs a client tool with stdin/stdout on files; rejects with its error output when it fails. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, io: { stdin?: string; stdout?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: [io.stdin ? 'pipe' : 'ignore', io.stdout ? 'pipe' : 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    // A tool that stops reading reports it by its exit code: the broken pipe itself is no news.
    child.stdin?.on('error', () => undefined);
    if (io.stdin) createReadStream(io.stdin).pipe(child.stdin!);
    const written = io.stdout
      ? new Promise<void>((done, fail) => {
          child.stdout!.pipe(createWriteStream(io.stdout!)).on('finish', done).on('error', fail);
        })
      : null;
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`));
      else (written ?? Promise.resolve()).then(() => resolve(), reject);
    });
  });
}

/** Runs the first of `tools` that is installed (MariaDB's names first, then MySQL's). */
async function runFirstInstalled(
  tools: string[],
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { stdin?: string; stdout?: string },
): Promise<void> {
  for (const tool of tools) {
    try {
      return await run(tool, args, env, io);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`None of ${tools.join(', ')} is installed (Debian: apt-get install mariadb-client)`);
}

/** Copies the live database into `target` (a SQLite file, or an SQL dump for MySQL). */
export async function copyDatabaseOut(config: DatabaseConfig, target: string): Promise<void> {
  if (config.type === 'sqlite') {
    if (!existsSync(config.path)) throw new Error(`No database at ${config.path}`);
    const db = new Database(config.path, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(target, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    // One self-contained file: no write-ahead log beside it.
    const copy = new Database(target);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    return;
  }
  const client = clientSettings(config.url);
  const args = [
    ...client.args,
    // One consistent snapshot (InnoDB) without locking the tables: sales go on meanwhile.
    '--single-transaction',
    '--quick',
    // The schema is tables only (no routines or views to dump), and no tablespace listing (it
    // needs the PROCESS privilege): the API's own database user can run the backup.
    '--no-tablespaces',
    '--hex-blob',
    client.database,
  ];
  await runFirstInstalled(['mariadb-dump', 'mysqldump'], args, client.env, { stdout: target });
}

/** The migrations a database copy has applied, oldest first. */
export async function migrationsOf(config: DatabaseConfig, sqliteCopy?: string): Promise<string[]> {
  if (config.type === 'sqlite') {
    const db = new Database(sqliteCopy ?? config.path, { readonly: true, fileMustExist: true });
    try {
      const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'").get();
      if (!hasTable) return [];
      return (db.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map((row) => row.name);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection({ uri: config.url });
  try {
    const [tables] = await connection.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'migrations'",
    );
    if ((tables as unknown[]).length === 0) return [];
    const [rows] = await connection.query('SELECT name FROM migrations ORDER BY id');
    return (rows as { name: string }[]).map((row) => row.name);
  } finally {
    await connection.end();
  }
}

/** The tables the target database already holds (none: it may be restored into). */
export async function tablesIn(config: DatabaseConfig): Promise<string[]> {
  if (config.type === 'sqlite') {
    if (!existsSync(config.path)) return [];
    const db = new Database(config.path, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
      return (rows as { name: string }[]).map((row) => row.name);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection({ uri: config.url });
  try {
    const [rows] = await connection.query(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY 1',
    );
    return (rows as { name: string }[]).map((row) => row.name);
  } finally {
    await connection.end();
  }
}

/** Loads a copy made by copyDatabaseOut into the (empty) configured database. */
export async function copyDatabaseIn(config: DatabaseConfig, source: string): Promise<void> {
  if (config.type === 'sqlite') {
    // An empty file, or a log left beside it, would be read with the copy: gone first.
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(config.path + suffix, { force: true });
    await mkdir(dirname(config.path), { recursive: true });
    const partial = `${config.path}.restoring`;
    await copyFile(source, partial);
    await rename(partial, config.path);
    return;
  }
  const client = clientSettings(config.url);
  await runFirstInstalled(['mariadb', 'mysql'], [...client.args, client.database], client.env, { stdin: source });
}
