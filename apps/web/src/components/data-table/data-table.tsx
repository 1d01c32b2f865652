// The table of every list: columns as data, with loading, failure (Retry) and empty states.
// Wide tables scroll sideways on phones instead of squeezing their columns.
import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  caption?: string;
}

export function DataTable<T>({ columns, rows, rowKey, isLoading, isError, onRetry, minWidth = 720, caption }: DataTableProps<T>) {
  const { t } = useTranslation();
  if (isLoading && !rows) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t('table.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (isError && !rows) {
    return (
      <Alert color="red" title={t('table.failed')}>
        {onRetry && (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            {t('table.retry')}
          </Button>
        )}
      </Alert>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Center py="xl">
        <Text c="dimmed">{t('table.empty')}</Text>
      </Center>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.render(row, index)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
