// Money in integer minor units (cents) and rates in integer basis points.
// The API speaks currency units and fractions; convert at the edge with these helpers only.

export const MINOR_PER_UNIT = 100;
/** Decimals an amount in currency units may have: a whole number of minor units. */
export const MINOR_UNIT_DIGITS = 2;
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

/** Whether an amount in currency units is a whole number of minor units (at most two decimals, exactly). */
export function hasWholeMinorUnits(amount: number): boolean {
  return decimalPlaces(amount) <= MINOR_UNIT_DIGITS;
}

/** 12.34 → 1234. Rounds half away from zero to the nearest cent, after removing float noise. */
export function toMinorUnits(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`amount is not finite: ${amount}`);
  const scaled = Number((amount * MINOR_PER_UNIT).toFixed(6));
  const minor = Math.sign(scaled) * Math.round(Math.abs(scaled));
  assertSafeInteger(minor, 'amount in minor units');
  return minor === 0 ? 0 : minor;
}

/** 1234 → 12.34 */
export function fromMinorUnits(minor: number): number {
  assertSafeInteger(minor, 'amount in minor units');
  return minor / MINOR_PER_UNIT;
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

const FORMATTERS = new Map<string, Intl.NumberFormat>();

/** Formats an amount in currency units for display: 1234.5 → "$1,234.50". */
export function formatAmount(amount: number, locale = 'en-US'): string {
  let formatter = FORMATTERS.get(locale);
  if (!formatter) {
    // Building a formatter costs ~70 µs; a notice or a table formats many amounts.
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    FORMATTERS.set(locale, formatter);
  }
  return `$${formatter.format(amount)}`;
}
