// The 'messages' namespace: the shared sentences of @qist/domain, by key. English is MESSAGES itself;
// the Arabic is ./messages-ar.ts, fetched with the other Arabic strings (see ../index.ts).
import { MESSAGES, MESSAGE_TEMPLATES, type MessageKey, type MessageTemplateKey } from '@qist/domain';

/** A template's {value} written as i18next's {{value}}. */
function interpolated<K extends string>(templates: Record<K, string>): Record<K, string> {
  return Object.fromEntries(
    (Object.entries(templates) as [K, string][]).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
  ) as Record<K, string>;
}

export const enMessages: Record<MessageKey | MessageTemplateKey, string> = { ...MESSAGES, ...interpolated(MESSAGE_TEMPLATES) };
