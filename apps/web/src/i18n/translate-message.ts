// Shows a shared sentence (a form error or a server msg) in the user's language, by its key.
import { matchMessage, messageKeyOf, type MessageTemplateKey } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { i18n } from './index';

/**
 * Values of a filled sentence that are words of the product rather than numbers: an order status
 * arrives by its domain name ('uploadedInvoice') and is shown by its name in the user's language.
 */
const WORD_VALUES: Partial<Record<MessageTemplateKey, Record<string, (value: string) => string>>> = {
  orderWrongStatus: { status: (value) => `status.${value}` },
};

/** Looked up by keys built at run time, across namespaces. */
type Translate = (key: string, options: Record<string, unknown>) => string;

function translateFilled(t: Translate, text: string): string {
  const filled = matchMessage(text);
  if (!filled) return text;
  const words = WORD_VALUES[filled.key] ?? {};
  const values = Object.fromEntries(
    Object.entries(filled.values).map(([name, value]) => {
      const keyOf = words[name];
      return [name, keyOf ? t(keyOf(value), { ns: 'orders', defaultValue: value }) : value];
    }),
  );
  return t(filled.key, { ns: 'messages', ...values });
}

/** The translation of a known sentence; an unknown one (say, from a newer server) is shown as it came. */
export function translateMessage(text: string): string {
  const key = messageKeyOf(text);
  if (key) return i18n.t(key, { ns: 'messages' });
  return translateFilled(i18n.t as unknown as Translate, text);
}

/** Same as translateMessage, re-rendering the caller when the language changes. */
export function useTranslateMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation('messages');
  return (text) => {
    if (text === undefined) return undefined;
    const key = messageKeyOf(text);
    if (key) return t(key);
    return translateFilled(t as unknown as Translate, text);
  };
}
