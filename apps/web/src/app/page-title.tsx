// Keeps document.title on the current page's name and the brand, in the interface language
// ("Orders · Qist", "الطلبات · قسط"): mounted once in the root, it follows every navigation and every
// change of language. The titles are config/page-titles.ts; an unknown address is "Page not found".
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findPageTitle } from '@/config/page-titles';

export function PageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t('pageTitle.format', {
    page: t(`pageTitle.${findPageTitle(pathname) ?? 'notFound'}`),
    name: t('app.name'),
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
