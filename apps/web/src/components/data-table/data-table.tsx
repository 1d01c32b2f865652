// The table of every list: columns as data, with loading, failure (Retry) and empty states. On a phone
// each row becomes a card (the first column as its heading, every other column as a labelled value,
// the actions last), so the key columns show without scrolling sideways; a tablet too narrow for the
// table's minimum width scrolls it.
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
}

/** The widest screen that gets cards rather than a table (Mantine's 'sm' breakpoint). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** A row as a card: its first column as the heading, the others as label and value, 'actions' at the foot. */
function RowCard<T>({ row, index, columns }: { row: T; index: number; columns: Column<T>[] }) {
  const [first, ...rest] = columns;
  const actions = rest.filter((column) => column.key === 'actions');
  const fields = rest.filter((column) => column.key !== 'actions');
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="xs">
        {first && <Box fw={600}>{first.render(row, index)}</Box>}
        {fields.length > 0 && (
          <Stack component="dl" gap={6} m={0}>
            {fields.map((column) => (
              <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text component="dt" fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {column.header}
                </Text>
                <Box component="dd" m={0} fz="sm" ta="end" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.render(row, index)}
                </Box>
              </Group>
            ))}
          </Stack>
        )}
        {actions.map((column) => (
          <Group key={column.key} gap="xs" justify="flex-end">
            {column.render(row, index)}
          </Group>
        ))}
      </Stack>
    </Card>
  );
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
  /** What an empty list says (default: the generic 'no data'). */
  emptyText?: string;
}

export function DataTable<T>({ columns, rows, rowKey, isLoading, isError, onRetry, minWidth = 720, caption, emptyText }: DataTableProps<T>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
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
        <Text c="dimmed">{emptyText ?? t('table.empty')}</Text>
      </Center>
    );
  }
  if (isPhone) {
    return (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={caption}>
        {rows.map((row, index) => (
          <RowCard key={rowKey(row)} row={row} index={index} columns={columns} />
        ))}
      </Stack>
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
