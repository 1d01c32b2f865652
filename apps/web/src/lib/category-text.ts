// An industry's wording in the reader's language: Arabic pages show the Arabic title and description,
// or the English ones while the admin has not written them.
import { useTranslation } from 'react-i18next';

type Titled = { title: string; titleAr?: string };
type Described = { desc: string; descAr?: string };

export function categoryTitle(category: Titled, language: string | undefined): string {
  return (language === 'ar' && category.titleAr) || category.title;
}

export function categoryDesc(category: Described, language: string | undefined): string {
  return (language === 'ar' && category.descAr) || category.desc;
}

/** The two helpers bound to the interface language; the component re-renders when it changes. */
export function useCategoryText() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return {
    title: (category: Titled) => categoryTitle(category, language),
    desc: (category: Described) => categoryDesc(category, language),
  };
}
