// Copies the SQL migrations next to the compiled migrator (dist/db/migrations).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../apps/server/src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../apps/server/dist/db/migrations', import.meta.url));
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
