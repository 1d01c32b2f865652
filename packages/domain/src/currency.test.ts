import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeCurrency,
  configureCurrency,
  currencyName,
  currencyOf,
  currencySymbol,
  formatAmount,
  isCurrencyCode,
  unknownCurrencyMessage,
} from './currency.js';
import { MESSAGES, fillMessage, matchMessage } from './messages.js';
import {
  BASIS_POINTS_PER_WHOLE,
  amountFromSentence,
  amountInSentence,
  decimalPlaces,
  fromMinorUnits,
  hasWholeMinorUnits,
  minAmount,
  minorUnitsText,
  toMinorUnits,
} from './money.js';
import { orderBreakdown } from './orders/ledger.js';
import { buildSchedule } from './orders/schedule.js';
import { amountTooLargeMessage, amountTooSmallMessage, createOrderRequest } from './orders/schemas.js';
import { amountDecimalsMessage } from './schemas/fields.js';
import { planArb } from './testing/arbitraries.js';

/** Intl writes a non-breaking space between a code and its figure; the tests read it as a space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the currency', () => {
  it('takes the minor unit from Intl: three decimals for the dinars and the rial, two for the others', () => {
    const digits = Object.fromEntries(['KWD', 'BHD', 'OMR', 'SAR', 'AED', 'QAR', 'USD'].map((code) => [code, currencyOf(code).minorUnit]));
    expect(digits).toEqual({ KWD: 3, BHD: 3, OMR: 3, SAR: 2, AED: 2, QAR: 2, USD: 2 });
    expect(currencyOf('KWD')).toEqual({ code: 'KWD', minorUnit: 3, minorPerUnit: 1000 });
    expect(currencyOf('USD').minorPerUnit).toBe(100);
  });

  it('refuses a code that is not ISO 4217, with a sentence naming it', () => {
    for (const bad of ['XYZ', 'kwd', 'KW', 'DOLLAR', '', 'K D']) {
      expect(isCurrencyCode(bad), bad).toBe(false);
      expect(() => currencyOf(bad)).toThrow(unknownCurrencyMessage(bad));
    }
    expect(unknownCurrencyMessage('XYZ')).toBe('CURRENCY must be an ISO 4217 currency code such as USD, KWD or SAR; "XYZ" is not one');
  });

  it('is US dollars until configured, and then the configured one', () => {
    expect(activeCurrency().code).toBe('USD');
    try {
      expect(configureCurrency('KWD')).toBe(activeCurrency());
      expect(toMinorUnits(1.5)).toBe(1500);
    } finally {
      configureCurrency('USD');
    }
    expect(toMinorUnits(1.5)).toBe(150);
  });

  it('formats every figure with the currency and all its decimals, in English and in Arabic', () => {
    const kwd = currencyOf('KWD');
    const usd = currencyOf('USD');
    expect(plain(formatAmount(1250.5, 'en', kwd))).toBe('KWD 1,250.500');
    expect(plain(formatAmount(1250.5, 'ar', kwd))).toContain('1,250.500 د.ك.');
    expect(plain(formatAmount(0.001, 'en', kwd))).toBe('KWD 0.001');
    expect(formatAmount(1234.5, 'en', usd)).toBe('$1,234.50');
    // Arabic writes a currency whose symbol is Latin letters ('US$') by its Arabic name
    expect(formatAmount(1234.5, 'ar', usd)).toBe('1,234.50 دولار أمريكي');
    // the default: English, the configured currency
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect([currencySymbol('en', kwd), currencySymbol('ar', kwd).replace(/\u200f/g, ''), currencySymbol('en', usd), currencySymbol('ar', usd)]).toEqual(['KWD', 'د.ك.', '$', 'دولار أمريكي']);
    for (const code of ['KWD', 'BHD', 'OMR', 'SAR', 'AED', 'QAR', 'USD', 'EUR']) expect(formatAmount(1250.5, 'ar', currencyOf(code)), code).not.toMatch(/[A-Za-z]/);
    expect([currencyName('en', kwd), currencyName('ar', kwd), currencyName('en', usd), currencyName('ar', usd)]).toEqual(['Kuwaiti dinars', 'دينار كويتي', 'US dollars', 'دولار أمريكي']);
  });

  it('writes amounts in minor units as plain numbers with every decimal, from the integer', () => {
    const kwd = currencyOf('KWD');
    expect([1_250_500, 1, 0, -1_500, 9_007_199_254_740_991].map((m) => minorUnitsText(m, kwd))).toEqual(['1250.500', '0.001', '0.000', '-1.500', '9007199254740.991']);
    expect([125_050, 5, -250].map((m) => minorUnitsText(m, currencyOf('USD')))).toEqual(['1250.50', '0.05', '-2.50']);
    expect(minorUnitsText(1234, currencyOf('JPY'))).toBe('1234');
  });

  it('words the shared sentences with the amount in the currency: the spec’s own in dollars', () => {
    expect(amountInSentence(500, currencyOf('USD'))).toBe('500$');
    expect(plain(amountInSentence(500.25, currencyOf('KWD')))).toBe('KWD 500.250');
    expect(['500$', 'KWD 1,250.500', '\u200f1,250.500\u00a0د.ك.\u200f', '$0.01'].map(amountFromSentence)).toEqual([500, 1250.5, 1250.5, 0.01]);
    expect(amountFromSentence('KWD')).toBeUndefined();
    expect(amountTooSmallMessage()).toBe('must be more than 1$');
    expect(amountTooLargeMessage(8000)).toBe('must be less than 8000$');
    expect(matchMessage(amountTooLargeMessage(8000))).toEqual({ key: 'amountTooLarge', values: { credit: '8000$' } });
  });
});

/** Every amount path in a 2- and a 3-decimal currency: conversions, checks, schedules and shares. */
describe.each(['USD', 'KWD'])('money in %s', (code) => {
  let digits = 0;
  let perUnit = 0;
  beforeAll(() => {
    const currency = configureCurrency(code);
    digits = currency.minorUnit;
    perUnit = currency.minorPerUnit;
  });
  afterAll(() => {
    configureCurrency('USD');
  });

  /** Amounts up to a billion units, as whole minor units. */
  const minorArb = fc.integer({ min: 1, max: 1_000_000_000_000 });

  it('round-trips every amount between units and minor units, and accepts it as whole minor units', () => {
    fc.assert(
      fc.property(minorArb, (minor) => {
        const units = fromMinorUnits(minor);
        expect(decimalPlaces(units)).toBeLessThanOrEqual(digits);
        expect(hasWholeMinorUnits(units)).toBe(true);
        expect(toMinorUnits(units)).toBe(minor);
        expect(Number(minorUnitsText(minor))).toBe(units);
        expect(minorUnitsText(minor)).toMatch(new RegExp(`^\\d+\\.\\d{${digits}}$`));
      }),
    );
  });

  it('refuses one decimal more than the currency has, naming how many it may have', () => {
    fc.assert(
      fc.property(minorArb, fc.integer({ min: 1, max: 9 }), (minor, extra) => {
        const tooFine = Number(`${minorUnitsText(minor)}${extra}`);
        expect(hasWholeMinorUnits(tooFine)).toBe(false);
        const refused = createOrderRequest.shape.amount.safeParse(tooFine);
        expect(refused.error?.issues[0]?.message).toBe(fillMessage('amountDecimals', { digits }));
      }),
    );
    expect(amountDecimalsMessage()).toBe(`the amount can have at most ${digits} decimals`);
    expect(minAmount()).toBe(1 / perUnit);
    expect(createOrderRequest.shape.amount.safeParse(0.5).error?.issues[0]?.message).toBe(amountTooSmallMessage());
    expect(createOrderRequest.shape.amount.safeParse(MESSAGES.amountRequired).error?.issues[0]?.message).toBe(MESSAGES.amountRequired);
  });

  it('splits an order by any plan so the instalments sum exactly to it, the remainder on the last', () => {
    fc.assert(
      fc.property(minorArb, planArb, (minor, plan) => {
        const schedule = buildSchedule(minor, plan, new Date('2026-01-01T00:00:00Z'));
        expect(schedule.reduce((sum, i) => sum + i.amountMinor, 0)).toBe(minor);
        schedule.slice(0, -1).forEach((i, k) => expect(i.amountMinor).toBe(Math.floor((minor * plan[k]!) / BASIS_POINTS_PER_WHOLE)));
        const exactLast = (minor * plan.at(-1)!) / BASIS_POINTS_PER_WHOLE;
        expect(schedule.at(-1)!.amountMinor - Math.floor(exactLast)).toBeGreaterThanOrEqual(0);
        expect(schedule.at(-1)!.amountMinor - Math.floor(exactLast)).toBeLessThan(plan.length);
        // as the API shows them, in units: each has at most the currency's decimals and they add up
        const units = schedule.map((i) => fromMinorUnits(i.amountMinor));
        expect(units.every((u) => hasWholeMinorUnits(u))).toBe(true);
        expect(toMinorUnits(units.reduce((a, b) => a + b, 0))).toBe(minor);
      }),
    );
  });

  it('shares a discount between the bank, the platform and the supplier to the last minor unit', () => {
    fc.assert(
      fc.property(minorArb, fc.integer({ min: 0, max: 9900 }), fc.integer({ min: 0, max: 9900 }), (minor, discount, bankShare) => {
        const b = orderBreakdown(minor, discount, bankShare);
        expect(b.bankShareMinor + b.platformShareMinor).toBe(b.discountMinor);
        expect(b.supplierPayoutMinor + b.discountMinor).toBe(minor);
        expect([b.discountMinor, b.bankShareMinor, b.platformShareMinor, b.supplierPayoutMinor].every((m) => Number.isSafeInteger(m) && m >= 0)).toBe(true);
      }),
    );
  });
});

describe('a Kuwaiti dinar order, by hand', () => {
  beforeAll(() => configureCurrency('KWD'));
  afterAll(() => configureCurrency('USD'));

  it('keeps fils exact: 1,250.005 over four instalments and a 7% discount', () => {
    const minor = toMinorUnits(1250.005);
    expect(minor).toBe(1_250_005);
    expect(buildSchedule(minor, [2500, 2500, 2500, 2500], new Date(0)).map((i) => fromMinorUnits(i.amountMinor))).toEqual([312.501, 312.501, 312.501, 312.502]);
    const b = orderBreakdown(minor, 700, 1000);
    expect([b.discountMinor, b.bankShareMinor, b.platformShareMinor, b.supplierPayoutMinor].map((m) => minorUnitsText(m))).toEqual(['87.500', '8.750', '78.750', '1162.505']);
    expect(createOrderRequest.shape.amount.safeParse(1250.005).success).toBe(true);
    expect(createOrderRequest.shape.amount.safeParse(1250.0005).error?.issues[0]?.message).toBe('the amount can have at most 3 decimals');
    expect(plain(amountTooLargeMessage(500.25))).toBe('must be less than KWD 500.250');
    expect(plain(amountTooSmallMessage())).toBe('must be more than KWD 1.000');
  });
});
