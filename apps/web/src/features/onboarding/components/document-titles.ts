// The document titles of a role for the title picker (required ones marked), shown in the interface
// language; the value sent is always the exact title of the domain's list (DESIGN.md §6).
import { documentTitles } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { onboardingEn } from '@/i18n/locales/onboarding-en';
import type { PartyRole } from '../api/keys';

type TitleKey = keyof typeof onboardingEn.documents.titles;

const KEY_BY_TITLE = new Map<string, TitleKey>(
  (Object.entries(onboardingEn.documents.titles) as [TitleKey, string][]).map(([key, title]) => [title, key]),
);

/** A document title in the interface language (an unknown title as it is). */
export function useDocumentTitle(): (title: string) => string {
  const { t } = useTranslation('onboarding');
  return (title) => {
    const key = KEY_BY_TITLE.get(title);
    return key ? t(`documents.titles.${key}`) : title;
  };
}

/** The picker's groups: the role's own required titles (marked *) then its optional ones. */
export function useDocumentTitleOptions(role: PartyRole) {
  const { t } = useTranslation('onboarding');
  const name = useDocumentTitle();
  const { required, optional } = documentTitles(role);
  return [
    {
      group: t('documents.required'),
      items: required.map((title) => ({ value: title, label: t('documents.requiredMark', { title: name(title) }) })),
    },
    { group: t('documents.optionalGroup'), items: optional.map((title) => ({ value: title, label: name(title) })) },
  ];
}
