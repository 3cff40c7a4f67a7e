import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { extractMember, gunzipTo, listTar, readMemberText, sha256OfFile, type TarMember } from './archive.js';
import { BACKUP_FORMAT_VERSION, BACKUP_PRODUCT, databaseMemberName, MANIFEST_NAME, OUTBOX_PREFIX, type BackupManifest } from './backup.js';
import { copyDatabaseIn, migrationsOf, tablesIn } from './database-copy.js';

/** A restore refused before anything was changed; the message says why. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** Asked once everything is checked, before anything changes; false stops the restore. */
  confirm: (question: string) => Promise<boolean>;
}

export interface RestoreResult {
  manifest: BackupManifest;
  outboxFiles: number;
}

/** The SHA-256 `<file>.sha256` states (`sha256sum` format), or a refusal. */
async function statedChecksum(file: string): Promise<string> {
  const checksumFile = `${file}.sha256`;
  if (!existsSync(checksumFile)) throw new RestoreRefused(`No checksum file beside the backup: ${checksumFile} is missing`);
  const match = /^([0-9a-f]{64})\s/i.exec(await readFile(checksumFile, 'utf8'));
  if (!match) throw new RestoreRefused(`${checksumFile} holds no SHA-256 checksum`);
  return match[1].toLowerCase();
}

function parseManifest(text: string): BackupManifest | undefined {
  try {
    const value = JSON.parse(text) as Partial<BackupManifest>;
    if (value.product !== BACKUP_PRODUCT || value.formatVersion !== BACKUP_FORMAT_VERSION) return undefined;
    if (value.database !== 'sqlite' && value.database !== 'mysql') return undefined;
    if (!Array.isArray(value.migrations) || !Array.isArray(value.files) || typeof value.createdAt !== 'string') return undefined;
    return value as BackupManifest;
  } catch {
    return undefined;
  }
}

/** A safe outbox file name (no folder, no way out of the outbox). */
const outboxName = (name: string) => {
  const rest = name.slice(OUTBOX_PREFIX.length);
  return name.startsWith(OUTBOX_PREFIX) && /^[A-Za-z0-9._@-]+$/.test(rest) && !rest.startsWith('.') ? rest : undefined;
};

const describeTarget = (config: AppConfig) =>
  config.database.type === 'sqlite'
    ? `the SQLite database ${config.database.path}`
    : `the MySQL database ${new URL(config.database.url).pathname.slice(1)} on ${new URL(config.database.url).host}`;

/**
 * Restores a backup made by createBackup into the configured database, which must be empty, and
 * its e-mail outbox files into OUTBOX_DIR. Refuses (RestoreRefused, nothing changed) a file whose
 * checksum does not match, a file that is not this product's backup, a backup of the other kind
 * of database and a database that holds tables; then asks `confirm`.
 */
export async function restoreBackup(config: AppConfig, file: string, options: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreRefused(`No such file: ${file}`);
  const expected = await statedChecksum(file);
  if ((await sha256OfFile(file)) !== expected) {
    throw new RestoreRefused(`${basename(file)} does not match its checksum: the file is damaged or was changed; use another copy`);
  }
  const work = await mkdtemp(join(tmpdir(), 'festival-restore-'));
  try {
    const tar = join(work, 'backup.tar');
    let members: TarMember[];
    try {
      await gunzipTo(file, tar);
      members = await listTar(tar);
    } catch {
      throw new RestoreRefused(`${basename(file)} is not a festival backup (not a .tar.gz archive)`);
    }
    const manifestMember = members[0]?.name === MANIFEST_NAME ? members[0] : undefined;
    const manifest = manifestMember ? parseManifest(await readMemberText(tar, manifestMember)) : undefined;
    if (!manifest) {
      throw new RestoreRefused(
        `${basename(file)} is not a festival backup: it has no manifest of ${BACKUP_PRODUCT}, format ${BACKUP_FORMAT_VERSION}`,
      );
    }
    if (manifest.database !== config.database.type) {
      throw new RestoreRefused(
        `This backup holds a ${manifest.database} database; the configuration names a ${config.database.type} one (set DATABASE_URL or SQLITE_PATH)`,
      );
    }
    const tables = await tablesIn(config.database);
    if (tables.length > 0) {
      throw new RestoreRefused(
        `Not restored: ${describeTarget(config)} is not empty (${tables.length} tables): restore only into an empty database, with the API stopped`,
      );
    }

    // Every member out and checked against the manifest before the database is touched.
    const byName = new Map(members.map((m) => [m.name, m]));
    const extracted = new Map<string, string>();
    for (const [index, entry] of manifest.files.entries()) {
      const member = byName.get(entry.name);
      if (!member || member.size !== entry.bytes) throw new RestoreRefused(`${basename(file)} lacks ${entry.name} or holds it damaged`);
      const isDatabase = entry.name === databaseMemberName(manifest.database);
      if (!isDatabase && !outboxName(entry.name)) throw new RestoreRefused(`${basename(file)} holds an unexpected file ${entry.name}`);
      const target = join(work, `member-${index}`);
      await extractMember(tar, member, target);
      if ((await sha256OfFile(target)) !== entry.sha256) throw new RestoreRefused(`${entry.name} in ${basename(file)} is damaged`);
      extracted.set(entry.name, target);
    }
    const databaseCopy = extracted.get(databaseMemberName(manifest.database));
    if (!databaseCopy) throw new RestoreRefused(`${basename(file)} holds no database`);

    const question =
      `Restore the backup of ${manifest.createdAt} (${manifest.database}, ${manifest.migrations.length} migrations, ` +
      `${extracted.size - 1} outbox e-mails) into ${describeTarget(config)}?`;
    if (!(await options.confirm(question))) throw new RestoreRefused('Not restored: not confirmed');

    await copyDatabaseIn(config.database, databaseCopy);
    const restoredMigrations = await migrationsOf(config.database);
    if (JSON.stringify(restoredMigrations) !== JSON.stringify(manifest.migrations)) {
      throw new Error(`The restored database lists other migrations than the backup's manifest: ${restoredMigrations.join(', ')}`);
    }
    let outboxFiles = 0;
    const outbox = config.mail.outboxDir;
    for (const [name, path] of extracted) {
      const mail = outboxName(name);
      if (!mail) continue;
      await mkdir(outbox, { recursive: true });
      const target = join(outbox, mail);
      if (existsSync(target)) continue;
      await copyFile(path, target, constants.COPYFILE_EXCL);
      outboxFiles += 1;
    }
    return { manifest, outboxFiles };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
