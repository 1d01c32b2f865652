// Money in integer minor units (cents, fils: the platform's currency, see currency.ts) and rates in
// integer basis points. The API speaks currency units and fractions; convert at the edge with these
// helpers only.
import { activeCurrency, formatAmount, type Currency } from './currency.js';

export const BASIS_POINTS_PER_WHOLE = 10_000;

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a safe integer: ${value}`);
}

/**
 * How many decimals a number has, read from its decimal text (the shortest text that is exactly this
 * number, as JSON and JavaScript write it) rather than by float arithmetic, so the count is exact at
 * any size: 10000.004 → 3, 1e21 → 0, 1.5e-7 → 8. NaN for a number that is not finite.
 */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Number.NaN;
  const [mantissa = '', exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * Whether an amount in currency units is a whole number of minor units: at most as many decimals
 * as the currency has (2 for dollars, 3 for dinars), counted exactly.
 */
export function hasWholeMinorUnits(amount: number, currency: Currency = activeCurrency()): boolean {
  return decimalPlaces(amount) <= currency.minorUnit;
}

/** 12.34 → 1234 in dollars, 12.345 → 12345 in dinars. Rounds half away from zero to the nearest minor unit, after removing float noise. */
export function toMinorUnits(amount: number, currency: Currency = activeCurrency()): number {
  if (!Number.isFinite(amount)) throw new RangeError(`amount is not finite: ${amount}`);
  const scaled = Number((amount * currency.minorPerUnit).toFixed(6));
  const minor = Math.sign(scaled) * Math.round(Math.abs(scaled));
  assertSafeInteger(minor, 'amount in minor units');
  return minor === 0 ? 0 : minor;
}

/** 1234 → 12.34 in dollars, 12345 → 12.345 in dinars. */
export function fromMinorUnits(minor: number, currency: Currency = activeCurrency()): number {
  assertSafeInteger(minor, 'amount in minor units');
  return minor / currency.minorPerUnit;
}

/**
 * An amount in minor units as a plain decimal number with every decimal of the currency, written from
 * the integer (no float, no grouping, no symbol), for exports: 125050 → "1250.50", 1250500 → "1250.500".
 */
export function minorUnitsText(minor: number, currency: Currency = activeCurrency()): string {
  assertSafeInteger(minor, 'amount in minor units');
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(currency.minorUnit + 1, '0');
  if (currency.minorUnit === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -currency.minorUnit)}.${digits.slice(-currency.minorUnit)}`;
}

/** The same for an amount in currency units: 1250.5 → "1250.500" in dinars, "1250.50" in dollars. */
export function amountText(amount: number, currency: Currency = activeCurrency()): string {
  return minorUnitsText(toMinorUnits(amount, currency), currency);
}

/** The smallest amount in currency units: one cent, one fils. */
export function minAmount(currency: Currency = activeCurrency()): number {
  return 1 / currency.minorPerUnit;
}

/**
 * An amount as the shared sentences write it ('must be less than {credit}'): the spec's own `500$`
 * in dollars, and the English figure with its currency in any other ('KWD 500.000'). A client reads
 * the number back with amountFromSentence and writes it in its reader's language.
 */
export function amountInSentence(amount: number, currency: Currency = activeCurrency()): string {
  return currency.code === 'USD' ? `${amount}$` : formatAmount(amount, 'en', currency);
}

/** The number of an amountInSentence text ('500$', 'KWD 1,250.500'); undefined when there is none. */
export function amountFromSentence(text: string): number | undefined {
  const digits = text.replace(/[^\d.-]/g, '').replace(/^\.+|\.+$/g, '');
  const value = digits === '' ? Number.NaN : Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

/** 0.1 → 1000 basis points. */
export function fractionToBasisPoints(fraction: number): number {
  if (!Number.isFinite(fraction)) throw new RangeError(`rate is not finite: ${fraction}`);
  return Math.round(Number((fraction * BASIS_POINTS_PER_WHOLE).toFixed(6)));
}

/** 1000 basis points → 0.1 */
export function basisPointsToFraction(basisPoints: number): number {
  assertSafeInteger(basisPoints, 'basis points');
  return basisPoints / BASIS_POINTS_PER_WHOLE;
}

/**
 * Basis points as a percent written from the integer, never through a float: 700 → "7", 1250 → "12.5",
 * 3333 → "33.33" (for text that must not carry float noise, such as an export).
 */
export function basisPointsToPercentText(basisPoints: number): string {
  assertSafeInteger(basisPoints, 'basis points');
  const sign = basisPoints < 0 ? '-' : '';
  const magnitude = Math.abs(basisPoints);
  const whole = Math.trunc(magnitude / 100);
  const hundredths = String(magnitude % 100).padStart(2, '0').replace(/0+$/, '');
  return `${sign}${whole}${hundredths ? `.${hundredths}` : ''}`;
}

/** A plan of fractions is whole when, in basis points, every part is positive and they sum to 10 000. */
export function isWholePlan(fractions: readonly number[]): boolean {
  if (fractions.length === 0) return false;
  const points = fractions.map(fractionToBasisPoints);
  return points.every((p) => p > 0) && points.reduce((a, b) => a + b, 0) === BASIS_POINTS_PER_WHOLE;
}

/** floor(amount × basisPoints / 10 000), in exact integer arithmetic whatever the amount. */
export function shareOf(amountMinor: number, basisPoints: number): number {
  assertSafeInteger(amountMinor, 'amount in minor units');
  assertSafeInteger(basisPoints, 'basis points');
  return Number((BigInt(amountMinor) * BigInt(basisPoints)) / BigInt(BASIS_POINTS_PER_WHOLE));
}

/**
 * Allocates an amount by parts in basis points that sum to 10 000. Each part is rounded down and
 * the remainder goes to the last part, so the parts always sum exactly to the amount.
 */
export function splitByPlan(amountMinor: number, planBasisPoints: readonly number[]): number[] {
  assertSafeInteger(amountMinor, 'amount in minor units');
  if (planBasisPoints.length === 0 || planBasisPoints.reduce((a, b) => a + b, 0) !== BASIS_POINTS_PER_WHOLE) {
    throw new RangeError('the plan does not sum to 100%');
  }
  const parts = planBasisPoints.map((bp) => shareOf(amountMinor, bp));
  const allocated = parts.reduce((a, b) => a + b, 0);
  parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + (amountMinor - allocated);
  return parts;
}

/** Splits a whole in two by the first part's rate; the second part takes the rest, so they sum exactly. */
export function splitInTwo(amountMinor: number, firstBasisPoints: number): [number, number] {
  const first = shareOf(amountMinor, firstBasisPoints);
  return [first, amountMinor - first];
}
