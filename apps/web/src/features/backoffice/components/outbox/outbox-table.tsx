// The admin's demo outbox: every email and SMS the platform wrote (payment links, codes, reminders),
// with its status; in demo mode (no transport) this is where they can be read.
import { Badge, Stack, Text, Title } from '@mantine/core';
import type { outboxMessage } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedTable, usePageParam, type Column, tableStateOf } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { useOutbox } from '../../api/get-outbox';

type OutboxMessage = z.infer<typeof outboxMessage>;

const STATUS_COLORS: Record<OutboxMessage['status'], string> = {
  sent: 'green',
  demo: 'blue',
  pending: 'yellow',
  failed: 'red',
};

export function OutboxTable() {
  const { t } = useTranslation('backoffice');
  const [page, setPage] = usePageParam();
  const query = useOutbox(page);

  const columns: Column<OutboxMessage>[] = [
    {
      key: 'recipient',
      header: t('outbox.recipient'),
      render: (m) => (
        <Text span fz="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {m.recipient}
        </Text>
      ),
    },
    { key: 'channel', header: t('outbox.channel'), render: (m) => t(`outbox.channels.${m.channel}`) },
    { key: 'subject', header: t('outbox.subject'), render: (m) => m.subject },
    {
      key: 'text',
      header: t('outbox.text'),
      render: (m) => (
        <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} maw={420}>
          {m.body}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('outbox.status'),
      render: (m) => (
        <Badge color={STATUS_COLORS[m.status]} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
          {t(`outbox.statuses.${m.status}`)}
        </Badge>
      ),
    },
    { key: 'created', header: t('outbox.createdAt'), render: (m) => formatFullDate(m.createdAt) },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('outbox.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('outbox.hint')}
        </Text>
      </Stack>
      <PagedTable
        caption={t('outbox.title')}
        columns={columns}
        rows={query.data?.messages}
        rowKey={(m) => m._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        {...tableStateOf(query)}
        minWidth={960}
      />
    </Stack>
  );
}
