import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { createApp } from '../app.factory.js';
import { loadConfig } from '../config/app-config.js';
import { seedDemoData } from '../demo/demo-seed.js';

/**
 * `npm run seed:demo`: fills the configured database (DATABASE_URL, or the embedded SQLite file)
 * with demo orders, tickets, abandoned carts and analytics. Refuses when the database already
 * holds orders, unless run with --force.
 */
async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  // A one-off command: no pages, and no metrics port (a running API may hold it).
  const config = { ...loadConfig(), staticRoot: undefined, metrics: { port: 0 } };
  const logger = pino({ level: 'warn' });
  const { app } = await createApp(config, logger);
  try {
    const result = await seedDemoData(app.get(DataSource), { force });
    console.log(result.message);
    if (!result.seeded) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
