import { loadBackupConfig } from '../backup/backup-config.js';
import { askToConfirm } from '../backup/confirm.js';
import { restoreBackup, RestoreRefused } from '../backup/restore.js';

/**
 * `npm run restore -- <file> [--yes]`: restores a backup into the configured database, which must
 * be empty (stop the API first). Asks to type `yes` unless given --yes.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const yes = args.includes('--yes');
  const files = args.filter((arg) => arg !== '--yes');
  if (files.length !== 1) throw new RestoreRefused('Usage: npm run restore -- <backup .tar.gz file> [--yes]');
  const config = loadBackupConfig();
  const result = await restoreBackup(config, files[0], {
    confirm: async (question) => yes || askToConfirm(question, process.stdin, process.stdout),
  });
  console.log(`Restored the backup of ${result.manifest.createdAt} and ${result.outboxFiles} outbox e-mails. Start the API now.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreRefused ? error.message : error);
  process.exit(1);
});
