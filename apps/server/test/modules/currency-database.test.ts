// CURRENCY at start: a code the platform cannot use is refused, a database records the currency of its
// first start, and a start under another currency is refused with a sentence saying which.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { currencyOf, type Currency } from '@qist/domain';
import { assertDatabaseCurrency } from '../../src/db/currency.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { runMigrations } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/client.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { useDatabaseBefore } from '../migration-before.js';
import { TEST_SESSION_SECRET, createTestDatabase, testConfig, type TestDatabase } from '../helpers.js';

const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'qist-currency-uploads-')));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

const start = (database: Database, currency: Currency) => prepareDatabase(database, { seedDemo: false, storage, sessionSecret: TEST_SESSION_SECRET, currency });

async function storedCurrency(database: Database) {
  const result = await database.db.execute<{ currency: string | null; currency_minor_unit: number | null }>(sql`select currency, currency_minor_unit from platform_settings`);
  return result.rows[0] ? { code: result.rows[0].currency, minorUnit: result.rows[0].currency_minor_unit } : undefined;
}

describe('CURRENCY', () => {
  it('is US dollars by default and any ISO 4217 code otherwise, its decimals from Intl', () => {
    expect(testConfig().currency).toEqual({ code: 'USD', minorUnit: 2, minorPerUnit: 100 });
    expect(testConfig({ CURRENCY: 'KWD' }).currency).toEqual({ code: 'KWD', minorUnit: 3, minorPerUnit: 1000 });
    expect(testConfig({ CURRENCY: 'SAR' }).currency.minorUnit).toBe(2);
  });

  it('refuses to start on a code that is not one, with a sentence', () => {
    for (const bad of ['XYZ', 'kwd', 'dinar', '']) {
      expect(() => testConfig({ CURRENCY: bad }), bad).toThrow(`Invalid configuration:\n  CURRENCY: CURRENCY must be an ISO 4217 currency code such as USD, KWD or SAR; "${bad}" is not one`);
    }
  });
});

describe('the currency of a database', () => {
  it('is recorded at the first start, and a start under another currency is refused with a sentence saying which', async () => {
    const database = await freshDatabase();
    expect((await storedCurrency(database))?.code ?? null).toBeNull();
    await start(database, currencyOf('KWD'));
    expect(await storedCurrency(database)).toEqual({ code: 'KWD', minorUnit: 3 });
    // the same currency starts again, as often as it likes
    await start(database, currencyOf('KWD'));
    await expect(start(database, currencyOf('USD'))).rejects.toThrow(
      'this database holds amounts in KWD and cannot start with CURRENCY=USD; start it with CURRENCY=KWD, or start USD on a new DATA_DIR or DATABASE_URL',
    );
    // a runtime that would give the code other decimals is refused too
    await expect(start(database, { code: 'KWD', minorUnit: 2, minorPerUnit: 100 })).rejects.toThrow(
      'this database holds KWD amounts with 3 decimals, but this runtime writes KWD with 2; start it on a runtime that gives KWD 3 decimals',
    );
    expect(await storedCurrency(database)).toEqual({ code: 'KWD', minorUnit: 3 });
  });

  it('is decided once when two processes start a new database at the same time under different currencies', async () => {
    const database = await freshDatabase();
    const results = await Promise.allSettled([start(database, currencyOf('BHD')), start(database, currencyOf('SAR'))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = await storedCurrency(database);
    const winner = results[0]!.status === 'fulfilled' ? 'BHD' : 'SAR';
    expect(stored).toEqual({ code: winner, minorUnit: winner === 'BHD' ? 3 : 2 });
  });

  it('keeps the platform settings it shares its row with', async () => {
    const database = await freshDatabase();
    await database.db.execute(sql`insert into platform_settings (id, bank_share_rate, payout_approval_threshold) values (true, 2500, 12345)
                                  on conflict (id) do update set bank_share_rate = 2500, payout_approval_threshold = 12345`);
    await start(database, currencyOf('OMR'));
    const row = (await database.db.execute<{ bank_share_rate: number; payout_approval_threshold: string }>(sql`select bank_share_rate, payout_approval_threshold from platform_settings`)).rows[0]!;
    expect([row.bank_share_rate, Number(row.payout_approval_threshold)]).toEqual([2500, 12345]);
    expect(await storedCurrency(database)).toEqual({ code: 'OMR', minorUnit: 3 });
  });
});

describe('migration 0016', () => {
  const before = useDatabaseBefore(16);

  it('records dollars for a database used before the currency was configurable, which then refuses dinars', async () => {
    const database = await before.open();
    try {
      await database.db.execute(sql`insert into users (email, password_hash, role, name) values ('old@example.test', 'x', 'sme', 'Old SME')`);
      await runMigrations(database.db);
      expect(await storedCurrency(database)).toEqual({ code: 'USD', minorUnit: 2 });
      // (this connection's pool has one client: the check itself, without the start's lock)
      await expect(assertDatabaseCurrency(database.db, currencyOf('KWD'))).rejects.toThrow('this database holds amounts in USD and cannot start with CURRENCY=KWD');
      await assertDatabaseCurrency(database.db, currencyOf('USD'));
    } finally {
      await database.close();
    }
  });
});
