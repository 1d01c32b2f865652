// The shared field types of every request: text that refuses control characters (PostgreSQL
// cannot store NUL, and no person types the others) and amounts that are whole minor units of the
// platform's currency (cents, fils), judged when a value is parsed, so they follow configureCurrency.
import { z } from 'zod';
import { activeCurrency, type Currency } from '../currency.js';
import { MESSAGES, fillMessage } from '../messages.js';
import { hasWholeMinorUnits } from '../money.js';

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

/** The sentence an amount with too many decimals is refused with: 'the amount can have at most 3 decimals'. */
export function amountDecimalsMessage(currency: Currency = activeCurrency()): string {
  return fillMessage('amountDecimals', { digits: currency.minorUnit });
}

/** The refinement of every amount: a whole number of minor units of the currency, or that sentence. */
export const wholeMinorUnits = {
  check: (value: number) => hasWholeMinorUnits(value),
  params: { error: () => amountDecimalsMessage(), abort: true },
} as const;

type Bound = number | (() => number);
const valueOf = (bound: Bound) => (typeof bound === 'function' ? bound() : bound);
/** A sentence, or a function writing it when a value is refused (one that names an amount in the currency in use). */
type Sentence = string | (() => string);

/**
 * An amount in currency units, as the API carries it: a finite number with at most as many decimals
 * as the currency has, at least `min` (so never zero once converted to minor units), at most `max`.
 * A bound may be a function (minAmount: one minor unit of the currency in use), and so may a sentence.
 */
export function amount(messages: { required: string; tooSmall: Sentence; tooLarge?: Sentence }, range: { min: Bound; max: Bound }) {
  return z
    .number({ error: messages.required })
    .finite(messages.required)
    .refine(wholeMinorUnits.check, wholeMinorUnits.params)
    .refine((v) => v >= valueOf(range.min), { error: messages.tooSmall, abort: true })
    .refine((v) => v <= valueOf(range.max), { error: messages.tooLarge ?? messages.required });
}
