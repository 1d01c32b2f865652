// A panel's address that no page has (/admin/nothing): the not-found screen with the way back to the
// panel. A panel's own catch-all still sends its bare address (/admin) to its first page.
import type { Role } from '@qist/domain';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findPageTitle } from '@/config/page-titles';
import { roleHomeHref } from '@/config/paths';
import { withFullStyles } from '@/lib/full-styles';

// Rarely shown: its code (and the whole stylesheet) loads when it is, not with every page.
const NotFoundScreen = lazy(
  withFullStyles(() => import('@/components/ui/not-found').then((m) => ({ default: m.NotFoundScreen }))),
);

export function KnownPanelPath({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (findPageTitle(pathname)) return children;
  const panel = t('panel.title', { title: t(`panel.roles.${role}`) });
  return <NotFoundScreen to={roleHomeHref(role)} label={t('notFound.panel', { panel })} />;
}
