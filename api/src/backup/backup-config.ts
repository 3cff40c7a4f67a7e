import { loadConfig, type AppConfig } from '../config/app-config.js';

/**
 * The configuration the backup and restore commands read: the API's, from the same variables
 * (DATABASE_URL or SQLITE_PATH, OUTBOX_DIR, BACKUP_DIR, BACKUP_RETENTION_DAYS). Production's
 * checks of the secrets the API needs (staff password, session secret, mail relay, signing key)
 * do not apply: these commands use none of them, so the backup service is given none.
 */
export function loadBackupConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({ ...source, NODE_ENV: 'development' });
}
