// How fast the back office's SME list answers with 100 000 SMEs: page 1, a deep page, and a level
// filter, through the real app and an embedded PostgreSQL. Not a test: it prints timings.
// Usage: npm run build && node bench/sme-list.mjs [count]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createDatabase } from '../apps/server/dist/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/dist/db/embedded.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { createBackOfficeAccount } from '../apps/server/dist/modules/auth/back-office.js';

const total = Number(process.argv[2] ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-list-'));
const embedded = await startEmbeddedPostgres({ dataDir });
const database = createDatabase(embedded.url, 4);
try {
  await runMigrations(database.db);
  let started = Date.now();
  await database.pool.query(`
    with u as (
      insert into users (email, password_hash, role, name, created_at)
      select 'sme' || i || '@bench.example', 'x', 'sme', 'SME ' || i, now() - make_interval(secs => i)
      from generate_series(1, $1) as i
      returning id, created_at
    )
    insert into smes (user_id, level, created_at, company_title)
    select id, (array[0,1,2,3,4,5,6,7,8,-2])[1 + (extract(epoch from created_at)::bigint % 10)], created_at, 'Company'
    from u`, [total]);
  await database.pool.query('analyze');
  console.log(`inserted ${total} SMEs in ${Date.now() - started} ms`);

  // The bench's admin has no authenticator: two-step sign-in is not required here (reads only).
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42', MFA_REQUIRED_ROLES: '' });
  const app = await buildApp({ config, db: database.db, logger: false, runDispatcher: false });
  await createBackOfficeAccount(database.db, { role: 'admin', email: 'bench-admin@example.com', password: 'bench-password' });
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'bench-admin@example.com', password: 'bench-password' } });
  const headers = { authorization: `Bearer ${login.json().content.token}` };

  const lastPage = Math.ceil(total / 10);
  for (const [name, url] of [
    ['page 1', '/api/v1/admin/sme/list?page=1&perPage=10'],
    ['page 1000', '/api/v1/admin/sme/list?page=1000&perPage=10'],
    [`last page (${lastPage})`, `/api/v1/admin/sme/list?page=${lastPage}&perPage=10`],
    ['level 4, page 1', '/api/v1/admin/sme/list?page=1&perPage=10&level=4'],
    ['level 4, page 500', '/api/v1/admin/sme/list?page=500&perPage=10&level=4'],
  ]) {
    const times = [];
    for (let i = 0; i < 15; i += 1) {
      started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(22)} median ${times[7].toFixed(1)} ms, max ${times[14].toFixed(1)} ms`);
  }
  await app.close();
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
