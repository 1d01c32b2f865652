import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, matchMessage, messageKeyOf } from '../messages.js';
import { CODE_LIMIT_WINDOW_MS, MAX_CODES_PER_DAY, MAX_WRONG_TRIES_PER_DAY, codeLockedUntil, minutesUntil } from '../onboarding/rules.js';
import { hasWholeMinorUnits } from '../money.js';
import { amount, text } from './fields.js';

describe('text', () => {
  it('refuses control characters and keeps tabs and line breaks', () => {
    const field = text();
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f', 'c1\u0085']) {
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.controlCharacters);
    }
    for (const good of ['line one\nline two\r\n', 'tab\there', 'شركة الخليج', '']) expect(field.parse(good)).toBe(good);
  });
});

describe('amount', () => {
  const field = amount({ required: 'required', tooSmall: 'too small', tooLarge: 'too large' }, { min: 0.01, max: 1000 });

  it('accepts whole cents within the range', () => {
    for (const ok of [0.01, 0.1, 0.3, 1.1, 19.99, 1000]) expect(field.parse(ok)).toBe(ok);
  });

  it('refuses more than two decimals before anything else, and the range after', () => {
    expect(field.safeParse(0.004).error?.issues[0]?.message).toBe(fillMessage('amountDecimals', { digits: 2 }));
    expect(field.safeParse(1.005).error?.issues[0]?.message).toBe(fillMessage('amountDecimals', { digits: 2 }));
    expect(field.safeParse(0).error?.issues[0]?.message).toBe('too small');
    expect(field.safeParse(1000.01).error?.issues[0]?.message).toBe('too large');
    expect(field.safeParse(Number.NaN).error?.issues[0]?.message).toBe('required');
    expect(field.safeParse('5').error?.issues[0]?.message).toBe('required');
  });

  it('counts the decimals the number is written with, exactly, whatever its size', () => {
    for (const whole of [0.3, 19.99, 10_000, 10_000.01, 1_000_000_000.99, 123_456_789_012.34, 1e21, -2.5]) expect(hasWholeMinorUnits(whole), String(whole)).toBe(true);
    // 10000.004 is within a relative float tolerance of 10000.00, but it is not a whole number of cents.
    for (const sub of [10_000.004, 10_000.004_0, 999_999_999.001, 2000.015, 0.001, 1e-7, 1.5e-20, 0.1 + 0.2]) expect(hasWholeMinorUnits(sub), String(sub)).toBe(false);
    for (const notANumber of [Number.NaN, Number.POSITIVE_INFINITY]) expect(hasWholeMinorUnits(notANumber)).toBe(false);
    expect(field.safeParse(10_000.004).error?.issues[0]?.message).toBe(fillMessage('amountDecimals', { digits: 2 }));
  });
});

describe('sentences with values', () => {
  it('fills a template and finds its key and values back', () => {
    const text = fillMessage('codeLockedMinutes', { minutes: 42 });
    expect(text).toBe('too many codes or wrong tries, please try again in 42 minutes');
    expect(matchMessage(text)).toEqual({ key: 'codeLockedMinutes', values: { minutes: '42' } });
    expect(matchMessage(MESSAGES.codeIncorrect)).toBeUndefined();
    expect(messageKeyOf(text)).toBeUndefined();
  });
});

describe('daily limits of codes', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it('is open below both limits', () => {
    const codes = Array.from({ length: MAX_CODES_PER_DAY - 1 }, (_, i) => ({ createdAt: hoursAgo(i + 1), wrongTries: 1 }));
    expect(codeLockedUntil(codes, now, { issuing: true })).toBeNull();
  });

  it('opens again when the oldest code of a full day leaves the window', () => {
    const codes = Array.from({ length: MAX_CODES_PER_DAY }, (_, i) => ({ createdAt: hoursAgo(10 - i * 0.5), wrongTries: 0 }));
    const until = codeLockedUntil(codes, now, { issuing: true });
    expect(until).toEqual(new Date(hoursAgo(10).getTime() + CODE_LIMIT_WINDOW_MS));
    expect(minutesUntil(until!, now)).toBe(14 * 60);
    // Trying a code is not limited by how many were sent, only by wrong tries.
    expect(codeLockedUntil(codes, now, { issuing: false })).toBeNull();
  });

  it('locks on wrong tries until enough of them have aged out', () => {
    const codes = [
      { createdAt: hoursAgo(30), wrongTries: 5 },
      { createdAt: hoursAgo(6), wrongTries: 5 },
      { createdAt: hoursAgo(4), wrongTries: 5 },
      { createdAt: hoursAgo(2), wrongTries: 5 },
    ];
    expect(MAX_WRONG_TRIES_PER_DAY).toBe(15);
    expect(codeLockedUntil(codes, now, { issuing: false })).toEqual(new Date(hoursAgo(6).getTime() + CODE_LIMIT_WINDOW_MS));
  });
});
