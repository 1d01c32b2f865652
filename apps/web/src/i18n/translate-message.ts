// Shows a shared sentence (a form error or a server msg) in the user's language, by its key.
import { amountFromSentence, formatAmount, matchMessage, messageKeyOf, type MessageTemplateKey } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { i18n, isLanguage } from './index';

/**
 * Values of a filled sentence that are words of the product rather than numbers: an order status
 * arrives by its domain name ('uploadedInvoice') and is shown by its name in the user's language.
 */
const WORD_VALUES: Partial<Record<MessageTemplateKey, Record<string, (value: string) => { ns: string; key: string }>>> = {
  orderWrongStatus: { status: (value) => ({ ns: 'orders', key: `status.${value}` }) },
  // a refund's status, named by the admin's Payments screen (the back office's strings)
  refundNotFailed: { status: (value) => ({ ns: 'backoffice', key: `payments.refundStatuses.${value}` }) },
};

/** Values that are amounts in the currency ('500$', 'KWD 500.000'): written again as the language writes figures. */
const AMOUNT_VALUES: Partial<Record<MessageTemplateKey, string>> = { amountTooSmall: 'amount', amountTooLarge: 'credit' };

/** Values that are counts, which pick the plural form of the sentence (Arabic has six). */
const COUNT_VALUES: Partial<Record<MessageTemplateKey, string>> = { amountDecimals: 'digits' };

/** Looked up by keys built at run time, across namespaces. */
type Translate = (key: string, options: Record<string, unknown>) => string;

function translateFilled(t: Translate, text: string, language: string | undefined): string {
  const filled = matchMessage(text);
  if (!filled) return text;
  const words = WORD_VALUES[filled.key] ?? {};
  const amountName = AMOUNT_VALUES[filled.key];
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(filled.values).map(([name, value]) => {
      const keyOf = words[name];
      if (keyOf) {
        const { ns, key } = keyOf(value);
        return [name, t(key, { ns, defaultValue: value })];
      }
      const amount = name === amountName && language === 'ar' ? amountFromSentence(value) : undefined;
      return [name, amount === undefined ? value : formatAmount(amount, 'ar')];
    }),
  );
  const countName = COUNT_VALUES[filled.key];
  if (countName) values.count = Number(filled.values[countName]);
  return t(filled.key, { ns: 'messages', ...values });
}

function languageOf(language: string | undefined): string | undefined {
  return isLanguage(language) ? language : undefined;
}

/** The translation of a known sentence; an unknown one (say, from a newer server) is shown as it came. */
export function translateMessage(text: string): string {
  const key = messageKeyOf(text);
  if (key) return i18n.t(key, { ns: 'messages' });
  return translateFilled(i18n.t as unknown as Translate, text, languageOf(i18n.resolvedLanguage));
}

/** Same as translateMessage, re-rendering the caller when the language changes. */
export function useTranslateMessage(): (text: string | undefined) => string | undefined {
  const { t, i18n: instance } = useTranslation('messages');
  return (text) => {
    if (text === undefined) return undefined;
    const key = messageKeyOf(text);
    if (key) return t(key);
    return translateFilled(t as unknown as Translate, text, languageOf(instance.resolvedLanguage));
  };
}
