// The pager of every list: page numbers, ellipsis markers, previous/next arrows, one sibling each side.
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 10;

export interface PagerProps {
  /** Number of items across all pages. */
  count: number;
  page: number;
  onChange: (page: number) => void;
  perPage?: number;
}

export function pageCount(count: number, perPage = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / perPage));
}

export function Pager({ count, page, onChange, perPage = PAGE_SIZE }: PagerProps) {
  const { t } = useTranslation();
  const total = pageCount(count, perPage);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('table.total', { count })}
      </Text>
      {total > 1 && (
        <nav aria-label={t('table.pager')}>
          <Pagination
            total={total}
            value={Math.min(page, total)}
            onChange={onChange}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            getItemProps={(item) => ({ 'aria-current': item === page ? 'page' : undefined })}
          />
        </nav>
      )}
    </Group>
  );
}
