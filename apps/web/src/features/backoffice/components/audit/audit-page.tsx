// The admin's audit trail (DESIGN §8): who did what to what, from where and when, newest first, with
// filters (action, actor, target, date range), each event's detail and hash, and the CSV download of
// the same filter.
import { Button, Code, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditActionKey, type AuditEvent, type AuditTargetType } from '@qist/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, tableStateOf, usePageParam, type Column } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { ExportButton } from '@/components/ui/export-button';
import { NO_AUDIT_FILTER, auditFilterSearch, useAuditEvents, type AuditFilter } from '../../api/get-audit-events';

const KEY_OF_ACTION = new Map(Object.entries(AUDIT_ACTIONS).map(([key, value]) => [value as string, key as AuditActionKey]));

function Ltr({ children }: { children: string }) {
  return (
    <Text span fz="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

export function AuditPage() {
  const { t } = useTranslation('backoffice');
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [shown, setShown] = useState<AuditEvent | null>(null);
  const query = useAuditEvents(filter, page);

  const actionName = (action: string) => {
    const key = KEY_OF_ACTION.get(action);
    return key ? t(`audit.actions.${key}`) : action;
  };
  const targetName = (type: string) => ((AUDIT_TARGET_TYPES as readonly string[]).includes(type) ? t(`audit.targetTypes.${type as AuditTargetType}`) : type);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTER);
    setFilter(NO_AUDIT_FILTER);
    setPage(1);
  };
  const field = (name: keyof AuditFilter) => ({
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });
  const search = auditFilterSearch(filter).toString();

  const columns: Column<AuditEvent>[] = [
    { key: 'at', header: t('audit.at'), render: (e) => formatFullDate(e.at) },
    { key: 'actor', header: t('audit.actor'), render: (e) => (e.actor ? <Ltr>{e.actor.email}</Ltr> : t('audit.anonymous')) },
    { key: 'action', header: t('audit.action'), render: (e) => actionName(e.action) },
    {
      key: 'target',
      header: t('audit.target'),
      render: (e) => (
        <>
          {targetName(e.target.type)} <Ltr>{e.target.id}</Ltr>
        </>
      ),
    },
    { key: 'ip', header: t('audit.ip'), render: (e) => <Ltr>{e.ip ?? '—'}</Ltr> },
    {
      key: 'actions',
      header: t('audit.details'),
      render: (e) => (
        <Button variant="subtle" size="compact-sm" onClick={() => setShown(e)} aria-label={t('audit.detailsOf', { action: actionName(e.action), at: formatFullDate(e.at) })}>
          {t('audit.details')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('audit.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('audit.hint')}
          </Text>
        </Stack>
        <ExportButton path={`/api/v1/admin/audit/export${search ? `?${search}` : ''}`} fileName="audit" />
      </Group>
      <form onSubmit={apply} aria-label={t('audit.filters')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Select
            label={t('audit.action')}
            placeholder={t('audit.anyAction')}
            clearable
            data={Object.entries(AUDIT_ACTIONS).map(([key, value]) => ({ value, label: t(`audit.actions.${key as AuditActionKey}`) }))}
            value={draft.action || null}
            onChange={(value) => setDraft((d) => ({ ...d, action: value ?? '' }))}
          />
          <TextInput label={t('audit.actor')} description={t('audit.actorHint')} dir="ltr" {...field('actor')} />
          <TextInput label={t('audit.targetId')} dir="ltr" {...field('targetId')} />
          <TextInput label={t('audit.from')} type="date" {...field('from')} />
          <TextInput label={t('audit.to')} type="date" {...field('to')} />
          <Group align="flex-end" gap="sm">
            <Button type="submit">{t('audit.apply')}</Button>
            <Button variant="default" onClick={clear}>
              {t('audit.clear')}
            </Button>
          </Group>
        </SimpleGrid>
      </form>
      <PagedTable
        caption={t('audit.title')}
        columns={columns}
        rows={query.data?.events}
        rowKey={(e) => e._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        {...tableStateOf(query)}
        minWidth={900}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? actionName(shown.action) : ''} size="lg">
        {shown && (
          <Stack gap="sm">
            <Text fz="sm">
              {formatFullDate(shown.at)} · {shown.actor ? <Ltr>{`${shown.actor.email} (${shown.actor.role})`}</Ltr> : t('audit.anonymous')}
            </Text>
            <Text fz="sm" fw={600}>
              {t('audit.detail')}
            </Text>
            <Code block dir="ltr" data-testid="audit-detail">
              {JSON.stringify(shown.detail, null, 2)}
            </Code>
            <Text fz="sm" fw={600}>
              {t('audit.hash')}
            </Text>
            <Code block dir="ltr" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {shown.hash}
            </Code>
            <Text fz="xs" c="dimmed">
              {t('audit.seq', { seq: shown.seq })}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
