// `npm start`: installs and builds when needed, then serves the whole site from one process
// (shell, remotes and API) on http://localhost:8080 with the embedded SQLite database.
// Settings come from .env at the repository's root when there is one (.env.example lists
// them); a variable already set in the shell wins over the file.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ensureBuilt, ensureInstalled } from './ensure.mjs';
import { log, ROOT } from './lib.mjs';

const envFile = join(ROOT, '.env');
const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
if (existsSync(envFile)) log(`settings from .env (${Object.keys(fromFile).length})`);

await ensureInstalled();
await ensureBuilt();
const env = { ...fromFile, ...process.env };
const server = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...env, STATIC_ROOT: env.STATIC_ROOT ?? ROOT },
});
// Stopping `npm start` stops the server with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
