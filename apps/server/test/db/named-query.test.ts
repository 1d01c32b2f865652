// Statements named after their text (db/named-query.ts): parsed once per connection, read exactly as
// db.execute reads them, and sent unnamed when DATABASE_PREPARED_STATEMENTS=false (ADR 36).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { executeNamed } from '../../src/db/named-query.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** One connection's pool, so every statement runs on the connection whose prepared statements are listed. */
async function withOneConnection(preparedStatements: boolean, work: (one: Database) => Promise<void>) {
  const one = createDatabase(database.url, 1, { preparedStatements });
  try {
    await work(one);
  } finally {
    await one.close();
  }
}

const prepared = async (one: Database) =>
  (await one.db.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements order by name`)).rows;

const probe = (n: number) => sql`select ${n}::int + 1 as n, timestamptz '2026-11-28 10:00:00+03' as at, date '2026-11-28' as day, ${n}::bigint * 3 as big`;

describe('executeNamed', () => {
  test('names a statement after its text, once per connection, and reads rows as db.execute does', async () => {
    await withOneConnection(true, async (one) => {
      const first = await executeNamed(one.db, 'probe', probe(1));
      const again = await executeNamed(one.db, 'probe', probe(2));
      expect(first.rows).toEqual((await one.db.execute(probe(1))).rows);
      expect(again.rows).toEqual((await one.db.execute(probe(2))).rows);
      // as db.execute reads them: instants and dates as PostgreSQL writes them, bigints as strings
      expect(again.rows).toEqual([{ n: 3, at: expect.stringMatching(/^2026-11-28 \d\d:00:00\+\d\d$/), day: '2026-11-28', big: '6' }]);
      const names = (await prepared(one)).filter((s) => s.name.startsWith('qist_probe_'));
      expect(names).toHaveLength(1);
      expect(names[0]!.statement).toContain('::int + 1 as n');
      // Another text, another name; inside a transaction, on the transaction's connection.
      await one.db.transaction(async (tx) => {
        await executeNamed(tx, 'probe', sql`select ${5}::int as n`);
      });
      expect((await prepared(one)).filter((s) => s.name.startsWith('qist_probe_'))).toHaveLength(2);
    });
  });

  test('with prepared statements off, the same reads leave no statement on the connection', async () => {
    await withOneConnection(false, async (one) => {
      expect((await executeNamed(one.db, 'probe', probe(4))).rows).toEqual((await one.db.execute(probe(4))).rows);
      await one.pool.query({ name: 'qist_other', text: 'select 1' });
      expect(await prepared(one)).toEqual([]);
    });
  });
});
