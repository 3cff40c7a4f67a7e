import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { sha256OfFile, writeArchive, type ArchiveEntry } from './archive.js';
import { copyDatabaseOut, migrationsOf } from './database-copy.js';

/** What every backup's manifest says it is: a foreign file says something else, or nothing. */
export const BACKUP_PRODUCT = 'diwali-festival';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The e-mail outbox's files inside the archive. */
export const OUTBOX_PREFIX = 'outbox/';

export interface BackupManifest {
  product: string;
  formatVersion: number;
  database: 'sqlite' | 'mysql';
  createdAt: string;
  /** The migrations the copied database had applied, oldest first. */
  migrations: string[];
  /** Every other member of the archive, with its size and SHA-256. */
  files: { name: string; bytes: number; sha256: string }[];
}

export interface BackupResult {
  file: string;
  checksumFile: string;
  manifest: BackupManifest;
}

const ARCHIVE_NAME = /^festival-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

export const databaseMemberName = (kind: BackupManifest['database']) => (kind === 'sqlite' ? 'database.sqlite' : 'database.sql');

/** The outbox's `.eml` files (the embedded mode's e-mails), if the folder exists. */
async function outboxFiles(dir: string): Promise<ArchiveEntry[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  return names.sort().map((name) => ({ name: OUTBOX_PREFIX + name, source: join(dir, name) }));
}

/**
 * Writes `festival-backup-<time>.tar.gz` into the backup folder, with `<file>.sha256` beside it
 * (`sha256sum -c` checks it): the database copied consistently while it is in use, the e-mail
 * outbox, and a manifest. The archive appears under its name only once complete.
 */
export async function createBackup(config: AppConfig, now = new Date()): Promise<BackupResult> {
  const dir = config.backup.dir;
  await mkdir(dir, { recursive: true });
  const name = `festival-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  const file = join(dir, name);
  if (existsSync(file)) throw new Error(`${file} already exists`);
  const work = await mkdtemp(join(tmpdir(), 'festival-backup-'));
  const partial = `${file}.partial`;
  try {
    const kind = config.database.type;
    const databaseCopy = join(work, databaseMemberName(kind));
    await copyDatabaseOut(config.database, databaseCopy);
    const migrations = await migrationsOf(config.database, kind === 'sqlite' ? databaseCopy : undefined);
    const entries: ArchiveEntry[] = [
      { name: databaseMemberName(kind), source: databaseCopy },
      ...(await outboxFiles(config.mail.outboxDir)),
    ];
    const files: BackupManifest['files'] = [];
    for (const entry of entries) {
      files.push({ name: entry.name, bytes: (await stat(entry.source)).size, sha256: await sha256OfFile(entry.source) });
    }
    const manifest: BackupManifest = {
      product: BACKUP_PRODUCT,
      formatVersion: BACKUP_FORMAT_VERSION,
      database: kind,
      createdAt: now.toISOString(),
      migrations,
      files,
    };
    const manifestFile = join(work, MANIFEST_NAME);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const sha256 = await writeArchive(partial, [{ name: MANIFEST_NAME, source: manifestFile }, ...entries]);
    await rename(partial, file);
    const checksumFile = `${file}.sha256`;
    await writeFile(checksumFile, `${sha256}  ${name}\n`);
    return { file, checksumFile, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Deletes the backups (and their checksum files) older than the retention; returns the archives
 * deleted. Only this product's archive names are touched: other files in the folder stay.
 */
export async function pruneBackups(config: AppConfig, now = new Date()): Promise<string[]> {
  const dir = config.backup.dir;
  if (!existsSync(dir)) return [];
  const cutoff = now.getTime() - config.backup.retentionDays * 24 * 60 * 60 * 1000;
  const deleted: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    if (!ARCHIVE_NAME.test(name)) continue;
    const file = join(dir, name);
    if ((await stat(file)).mtime.getTime() >= cutoff) continue;
    await rm(file, { force: true });
    await rm(`${file}.sha256`, { force: true });
    deleted.push(basename(file));
  }
  return deleted;
}
