// `npm start`: installs and builds when needed, then serves the whole site from one process
// (shell, remotes and API) on http://localhost:8080 with the embedded SQLite database.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled } from './ensure.mjs';
import { ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const server = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, STATIC_ROOT: process.env.STATIC_ROOT ?? ROOT },
});
// Stopping `npm start` stops the server with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
