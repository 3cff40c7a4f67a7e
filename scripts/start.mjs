// `npm start`: installs and builds when needed, then serves the whole site from one process
// (shell, remotes and API) on http://localhost:8080 with the embedded SQLite database.
import { ensureBuilt, ensureInstalled } from './ensure.mjs';
import { ROOT, run } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const code = await run(process.execPath, ['api/dist/main.js'], {
  env: { ...process.env, STATIC_ROOT: process.env.STATIC_ROOT ?? ROOT },
});
process.exit(code);
