// A document's title in the reader's language. Documents keep the DESIGN's English title on the server
// (the value the title picker sends); the known titles are shown translated, any other exactly as it
// was written, isolated (<bdi>) so a Latin title keeps its own order inside Arabic text.
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { commonAreasEn } from '@/i18n/locales/common-areas-en';

type DocumentTitleKey = keyof typeof commonAreasEn.party.documentTitles;

const KEY_BY_TITLE = new Map<string, DocumentTitleKey>(
  (Object.entries(commonAreasEn.party.documentTitles) as [DocumentTitleKey, string][]).map(([key, title]) => [title, key]),
);

export function isKnownDocumentTitle(title: string): boolean {
  return KEY_BY_TITLE.has(title);
}

/** The title as text, for names and labels (alt, aria-label, messages): translated when known. */
export function useDocumentTitleName(): (title: string) => string {
  const { t } = useTranslation();
  return (title) => {
    const key = KEY_BY_TITLE.get(title);
    return key ? t(`party.documentTitles.${key}`) : title;
  };
}

/** The title shown on screen: translated when known, otherwise as written inside <bdi>. */
export function DocumentTitle({ title }: { title: string }) {
  const name = useDocumentTitleName();
  return isKnownDocumentTitle(title) ? name(title) : <bdi>{title}</bdi>;
}
