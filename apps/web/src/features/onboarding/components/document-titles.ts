// The document titles of a role for the title picker (required ones marked), shown in the interface
// language; the value sent is always the exact title of the domain's list (DESIGN.md §6).
import { documentTitles } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { useDocumentTitleName } from '@/components/party/document-title';
import type { PartyRole } from '../api/keys';

/**
 * A document title in the interface language (an unknown title as it is): the one helper every
 * screen that shows a document uses (components/party/document-title.tsx).
 */
export const useDocumentTitle = useDocumentTitleName;

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
