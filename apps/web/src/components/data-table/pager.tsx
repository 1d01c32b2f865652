// The pager of every list: page numbers, ellipsis markers, previous/next arrows, one sibling each side.
// A list paged by keyset (the order lists) also has First and Last, and its four arrows step from the
// page on screen (onStep) rather than to a page number; the numbers still jump by number.
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import type { PageStep } from './use-page-param';

export const PAGE_SIZE = 10;

export interface PagerProps {
  /** Number of items across all pages. */
  count: number;
  page: number;
  onChange: (page: number) => void;
  perPage?: number;
  /** First, Previous, Next and Last of a keyset-paged list: shows First and Last, and the arrows call this. */
  onStep?: (step: PageStep) => void;
}

export function pageCount(count: number, perPage = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / perPage));
}

export function Pager({ count, page, onChange, perPage = PAGE_SIZE, onStep }: PagerProps) {
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
            // with First and Last, a phone keeps the current page and the ends (the arrows flip right to left)
            siblings={onStep ? 0 : 1}
            boundaries={1}
            gap={onStep ? 4 : 8}
            size="sm"
            withEdges={onStep !== undefined}
            getControlProps={(control) => ({
              'aria-label': t(`table.${control}`),
              ...(onStep ? { onClick: () => onStep(control) } : {}),
            })}
            getItemProps={(item) => ({ 'aria-current': item === page ? 'page' : undefined })}
          />
        </nav>
      )}
    </Group>
  );
}
