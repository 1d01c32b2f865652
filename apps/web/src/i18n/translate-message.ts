// Shows a shared sentence (a form error or a server msg) in the user's language, by its key.
import { matchMessage, messageKeyOf } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { i18n } from './index';

/** The translation of a known sentence; an unknown one (say, from a newer server) is shown as it came. */
export function translateMessage(text: string): string {
  const key = messageKeyOf(text);
  if (key) return i18n.t(key, { ns: 'messages' });
  const filled = matchMessage(text);
  return filled ? i18n.t(filled.key, { ns: 'messages', ...filled.values }) : text;
}

/** Same as translateMessage, re-rendering the caller when the language changes. */
export function useTranslateMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation('messages');
  return (text) => {
    if (text === undefined) return undefined;
    const key = messageKeyOf(text);
    if (key) return t(key);
    const filled = matchMessage(text);
    return filled ? t(filled.key, { ns: 'messages', ...filled.values }) : text;
  };
}
