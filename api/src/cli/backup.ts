import { setTimeout as sleep } from 'node:timers/promises';
import { createBackup, pruneBackups } from '../backup/backup.js';
import { msUntilNext, parseTimeOfDay } from '../backup/schedule.js';
import { loadBackupConfig } from '../backup/backup-config.js';

/**
 * `npm run backup`: one backup of the configured database (DATABASE_URL, or the embedded SQLite
 * file) and the e-mail outbox into BACKUP_DIR, then the backups older than BACKUP_RETENTION_DAYS
 * deleted. With `--daily-at HH:MM` it stays running and does so every day at that time (the
 * compose `backup` service).
 */
async function backupOnce(): Promise<void> {
  const config = loadBackupConfig();
  const started = Date.now();
  const { file, checksumFile, manifest } = await createBackup(config);
  console.log(
    `Backup written: ${file} (${manifest.database}, ${manifest.files.length - 1} outbox e-mails, ${Date.now() - started} ms); checksum in ${checksumFile}`,
  );
  for (const name of await pruneBackups(config)) console.log(`Deleted ${name}: older than ${config.backup.retentionDays} days`);
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--daily-at');
  if (at < 0) return backupOnce();
  const time = parseTimeOfDay(process.argv[at + 1] ?? '');
  if (!time) throw new Error('--daily-at needs a time of day such as 03:30');
  console.log(`Backing up every day at ${process.argv[at + 1]} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`);
  for (;;) {
    await sleep(msUntilNext(time, new Date()));
    // A failed night is reported and the next one tried: the service keeps running.
    await backupOnce().catch((error: unknown) => console.error('Backup failed:', error));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
