// The platform's currency (DESIGN §8): one ISO 4217 code per deployment, its minor unit read from the
// runtime's own Intl data (CLDR), never from a hand-typed list. A process sets it once, before it
// touches money: the server from CURRENCY at start, the web from GET /api/v1/pub/config before its
// first render (docs/decisions/0019-currency.md). Until then it is the default, US dollars.
// CLDR's digits are not ISO 4217's for a few codes (IQD 0 rather than 3; LBP, SYP, YER, IRR 0 rather than 2):
// the platform counts in CLDR's, exactly, and the ADR says what that means for such a deployment.
import type { Language } from './language.js';

export interface Currency {
  /** The ISO 4217 code, upper case: 'KWD'. */
  readonly code: string;
  /** Decimals of the minor unit: 3 for the Kuwaiti dinar (fils), 2 for the dollar (cents). */
  readonly minorUnit: number;
  /** Minor units in one unit: 10^minorUnit. */
  readonly minorPerUnit: number;
}

export const DEFAULT_CURRENCY_CODE = 'USD';

const ISO_CODE = /^[A-Z]{3}$/;
let knownCodes: ReadonlySet<string> | undefined;

/** Whether the runtime knows this ISO 4217 code (upper case, as ISO writes it). */
export function isCurrencyCode(code: string): boolean {
  knownCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return ISO_CODE.test(code) && knownCodes.has(code);
}

/** The sentence a code the platform cannot use is refused with. */
export function unknownCurrencyMessage(code: string): string {
  return `CURRENCY must be an ISO 4217 currency code such as USD, KWD or SAR; "${code}" is not one`;
}

const CURRENCIES = new Map<string, Currency>();

/** The currency of an ISO 4217 code, its minor unit as Intl formats it; a RangeError with a sentence for an unknown code. */
export function currencyOf(code: string): Currency {
  const known = CURRENCIES.get(code);
  if (known) return known;
  if (!isCurrencyCode(code)) throw new RangeError(unknownCurrencyMessage(code));
  const minorUnit = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  const currency: Currency = Object.freeze({ code, minorUnit, minorPerUnit: 10 ** minorUnit });
  CURRENCIES.set(code, currency);
  return currency;
}

let active: Currency = currencyOf(DEFAULT_CURRENCY_CODE);

/**
 * Sets the currency every amount of this process is in, and returns it. One process holds one
 * currency: the server calls this at start, the web before its first render.
 */
export function configureCurrency(code: string): Currency {
  active = currencyOf(code);
  return active;
}

/** The currency set by configureCurrency (US dollars until then). */
export function activeCurrency(): Currency {
  return active;
}

/** Each language's locale for figures: Latin digits in Arabic too, as the interface writes every figure. */
const LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

const DISPLAYS = new Map<string, 'symbol' | 'name'>();
const LATIN = /[A-Za-z]/;

/**
 * Whether a language writes the currency by its symbol or by its name. By the symbol ('KWD', '$',
 * 'د.ك.‏'), except where the symbol of an Arabic text would be Latin letters ('US$'): Arabic writes the
 * name then ('دولار أمريكي'), as every Arabic text of the platform is free of Latin words.
 */
function displayOf(language: Language, currency: Currency): 'symbol' | 'name' {
  const key = `${language} ${currency.code}`;
  let display = DISPLAYS.get(key);
  if (display === undefined) {
    const parts = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: currency.code }).formatToParts(1);
    const symbol = parts.find((part) => part.type === 'currency')?.value ?? currency.code;
    display = language === 'ar' && LATIN.test(symbol) ? 'name' : 'symbol';
    DISPLAYS.set(key, display);
  }
  return display;
}

const SYMBOLS = new Map<string, string>();

/** How a language writes the currency beside a figure: '$' or 'KWD' in English, 'د.ك.‏' or 'دولار أمريكي' in Arabic. */
export function currencySymbol(language: Language = 'en', currency: Currency = active): string {
  const key = `${language} ${currency.code}`;
  let symbol = SYMBOLS.get(key);
  if (symbol === undefined) {
    const options = { style: 'currency', currency: currency.code, currencyDisplay: displayOf(language, currency) } as const;
    const parts = new Intl.NumberFormat(LOCALES[language], options).formatToParts(1);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency.code;
    SYMBOLS.set(key, symbol);
  }
  return symbol;
}

const NAMES = new Map<string, string>();

/** The currency's name as a sentence says 'in …': 'Kuwaiti dinars', 'US dollars'; in Arabic 'دينار كويتي'. */
export function currencyName(language: Language = 'en', currency: Currency = active): string {
  const key = `${language} ${currency.code}`;
  let name = NAMES.get(key);
  if (name === undefined) {
    name =
      language === 'en'
        ? new Intl.NumberFormat(LOCALES.en, { style: 'currency', currency: currency.code, currencyDisplay: 'name' }).formatToParts(2).find((part) => part.type === 'currency')?.value
        : new Intl.DisplayNames([LOCALES[language]], { type: 'currency' }).of(currency.code);
    name ??= currency.code;
    NAMES.set(key, name);
  }
  return name;
}

const FORMATTERS = new Map<string, Intl.NumberFormat>();

/**
 * An amount in currency units as a reader sees it, with the currency and all its decimals:
 * 'KWD 1,250.500' and '1,250.500 د.ك.‏' (Intl's own patterns for the language), '$1,250.50' and
 * '1,250.50 دولار أمريكي'.
 */
export function formatAmount(amount: number, language: Language = 'en', currency: Currency = active): string {
  const key = `${language} ${currency.code}`;
  let formatter = FORMATTERS.get(key);
  if (!formatter) {
    // Building a formatter costs ~70 µs; a notice or a table formats many amounts.
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: currency.code,
      currencyDisplay: displayOf(language, currency),
      minimumFractionDigits: currency.minorUnit,
      maximumFractionDigits: currency.minorUnit,
    });
    FORMATTERS.set(key, formatter);
  }
  return formatter.format(amount);
}
