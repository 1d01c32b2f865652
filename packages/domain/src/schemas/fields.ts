// The shared field types of every request: text that refuses control characters (PostgreSQL
// cannot store NUL, and no person types the others) and amounts that are whole cents.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { MINOR_PER_UNIT, hasWholeMinorUnits } from '../money.js';

/** C0 controls except tab, line feed and carriage return, DEL, and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * A string of a request. Every request string is built on this one, so a control character is
 * refused at the edge with a sentence, before it can reach the database.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacters(value), { error: MESSAGES.controlCharacters, abort: true });
}

/** At most two decimals, counted exactly whatever the size: the amount is a whole number of cents. */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return hasWholeMinorUnits(amount);
}

/**
 * An amount in currency units, as the API carries it: a finite number with at most two decimals,
 * at least `min` (so never zero once converted to cents), at most `max`.
 */
export function amount(messages: { required: string; tooSmall: string; tooLarge?: string }, range: { min: number; max: number }) {
  return z
    .number({ error: messages.required })
    .finite(messages.required)
    .refine(hasAtMostTwoDecimals, { error: MESSAGES.amountTwoDecimals, abort: true })
    .refine((v) => v >= range.min, { error: messages.tooSmall, abort: true })
    .refine((v) => v <= range.max, messages.tooLarge ?? messages.required);
}

/** The smallest amount the platform carries: one cent. */
export const MIN_AMOUNT = 1 / MINOR_PER_UNIT;
