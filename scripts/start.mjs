// npm start: build what is not built yet, then run the server (API + web app) in this process.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

execFileSync(process.execPath, [fileURLToPath(new URL('./ensure-built.mjs', import.meta.url))], { stdio: 'inherit' });
await import('../apps/server/dist/main.js');
