import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_ADMIN_PASSWORD, ROOT } from './environment';

/**
 * Runs `seed:demo` (the built CLI, with --force: other specs have added orders already) against
 * the e2e server's database, while the server runs. Once per server: a worker restarted after
 * a failure runs its `beforeAll` again, and a second seed would take a second batch of tickets.
 * Returns the CLI's report.
 */
export function seedDemoData(): string {
  const sqlitePath = process.env.E2E_SQLITE_PATH;
  const workDir = process.env.E2E_WORK_DIR;
  if (!sqlitePath || !workDir) throw new Error('E2E_SQLITE_PATH is not set: run the suite through its global setup');
  const marker = join(workDir, 'demo-seeded.txt');
  if (existsSync(marker)) return readFileSync(marker, 'utf8');
  const report = execFileSync(process.execPath, ['api/dist/cli/seed-demo.js', '--force'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SQLITE_PATH: sqlitePath,
      OUTBOX_DIR: join(workDir, 'seed-outbox'),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    },
    encoding: 'utf8',
  });
  writeFileSync(marker, report);
  return report;
}
