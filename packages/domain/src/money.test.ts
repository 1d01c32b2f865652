import { describe, expect, it } from 'vitest';
import {
  basisPointsToFraction,
  basisPointsToPercentText,
  decimalPlaces,
  fractionToBasisPoints,
  fromMinorUnits,
  isWholePlan,
  splitByPlan,
  toMinorUnits,
} from './money.js';

describe('money in minor units', () => {
  it('converts currency units to cents without float drift', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.005)).toBe(101);
    expect(toMinorUnits(10_000)).toBe(1_000_000);
    expect(toMinorUnits(-2.5)).toBe(-250);
    expect(fromMinorUnits(1999)).toBe(19.99);
  });

  it('counts a number’s decimals from its decimal text, exponent included', () => {
    expect([10_000.004, 10_000.01, 10_000, 1e21, 1.25e21, 1e-7, 1.5e-7, 123.456e-1, -0.05].map(decimalPlaces)).toEqual([3, 2, 0, 0, 0, 7, 8, 4, 2]);
    expect(decimalPlaces(Number.NaN)).toBeNaN();
  });

  it('refuses values that are not finite or not safe integers', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
  });

  it('converts rates between fractions and basis points', () => {
    expect(fractionToBasisPoints(0.1)).toBe(1000);
    expect(fractionToBasisPoints(0.125)).toBe(1250);
    expect(fractionToBasisPoints(0.07)).toBe(700);
    expect(basisPointsToFraction(1250)).toBe(0.125);
  });

  it('writes basis points as a percent from the integer, without float noise', () => {
    expect(basisPointsToFraction(700) * 100).not.toBe(7); // the float way: 7.000000000000001
    expect([700, 9300, 1250, 3333, 10_000, 5, 50, 0, -1250].map(basisPointsToPercentText)).toEqual(['7', '93', '12.5', '33.33', '100', '0.05', '0.5', '0', '-12.5']);
    expect(() => basisPointsToPercentText(1.5)).toThrow(RangeError);
  });
});

describe('instalment plans', () => {
  it('sees 0.7 + 0.1 + 0.1 + 0.1 as whole though the floats do not sum to 1', () => {
    expect(0.7 + 0.1 + 0.1 + 0.1).not.toBe(1);
    expect(isWholePlan([0.7, 0.1, 0.1, 0.1])).toBe(true);
    expect(isWholePlan([0.1, 0.2, 0.3, 0.4])).toBe(true);
    expect(isWholePlan([0.25, 0.25, 0.25, 0.25])).toBe(true);
  });

  it('refuses plans that are empty, have a zero part or do not sum to 100%', () => {
    expect(isWholePlan([])).toBe(false);
    expect(isWholePlan([0.5, 0, 0.5])).toBe(false);
    expect(isWholePlan([0.5, 0.4])).toBe(false);
    expect(isWholePlan([0.6, 0.6, -0.2])).toBe(false);
  });

  it('splits an amount so the parts sum exactly to it, the remainder on the last part', () => {
    expect(splitByPlan(1001, [2500, 2500, 2500, 2500])).toEqual([250, 250, 250, 251]);
    expect(splitByPlan(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    const parts = splitByPlan(123_456_789, [1000, 2000, 3000, 4000]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(123_456_789);
  });

  it('refuses to split by a plan that is not whole', () => {
    expect(() => splitByPlan(100, [5000, 4000])).toThrow(RangeError);
  });
});
