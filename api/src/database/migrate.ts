import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

const LOCK_NAME = 'festival_migrations';
const LOCK_WAIT_SECONDS = 120;

/**
 * Applies pending migrations. On MySQL several API replicas start at once, so the run is
 * serialised with a named lock: the first replica migrates, the others wait and find nothing
 * left to do. SQLite has a single writer process.
 */
export async function runMigrations(dataSource: DataSource, logger: Logger): Promise<void> {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') {
    await apply(dataSource, logger);
    return;
  }
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    const [row] = (await lockHolder.query('SELECT GET_LOCK(?, ?) AS got', [LOCK_NAME, LOCK_WAIT_SECONDS])) as {
      got: number | string | null;
    }[];
    if (Number(row?.got) !== 1) throw new Error(`Could not take the migration lock within ${LOCK_WAIT_SECONDS}s`);
    try {
      await apply(dataSource, logger);
    } finally {
      await lockHolder.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await lockHolder.release();
  }
}

async function apply(dataSource: DataSource, logger: Logger): Promise<void> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  for (const migration of applied) logger.info({ migration: migration.name }, 'migration applied');
}
