// A database holds one currency (DESIGN §8): its amounts are minor units of the currency it was made
// in. The first start records it; a start under another currency, or with other decimals, is refused
// with a sentence, since reading cents as fils would divide every amount by ten.
import { sql } from 'drizzle-orm';
import type { Currency } from '@qist/domain';
import type { Db } from './client.js';
import { platformSettings } from './schema/index.js';

export function currencyMismatchMessage(stored: { code: string; minorUnit: number }, configured: Currency): string {
  if (stored.code !== configured.code) {
    return `this database holds amounts in ${stored.code} and cannot start with CURRENCY=${configured.code}; start it with CURRENCY=${stored.code}, or start ${configured.code} on a new DATA_DIR or DATABASE_URL`;
  }
  return `this database holds ${stored.code} amounts with ${stored.minorUnit} decimals, but this runtime writes ${configured.code} with ${configured.minorUnit}; start it on a runtime that gives ${stored.code} ${stored.minorUnit} decimals`;
}

/** Records the currency of a database that has none yet, then refuses to go on if it is another. */
export async function assertDatabaseCurrency(db: Db, currency: Currency): Promise<void> {
  const [row] = await db
    .insert(platformSettings)
    .values({ id: true, currency: currency.code, currencyMinorUnit: currency.minorUnit })
    .onConflictDoUpdate({
      target: platformSettings.id,
      set: {
        currency: sql`coalesce(${platformSettings.currency}, excluded.currency)`,
        currencyMinorUnit: sql`coalesce(${platformSettings.currencyMinorUnit}, excluded.currency_minor_unit)`,
      },
    })
    .returning({ code: platformSettings.currency, minorUnit: platformSettings.currencyMinorUnit });
  if (!row?.code || row.minorUnit === null) throw new Error('the database did not record its currency');
  const stored = { code: row.code, minorUnit: row.minorUnit };
  if (stored.code !== currency.code || stored.minorUnit !== currency.minorUnit) throw new Error(currencyMismatchMessage(stored, currency));
}
