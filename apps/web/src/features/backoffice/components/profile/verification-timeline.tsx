// The admin's verification timeline of an SME or supplier: Time (en-GB full style) and
// 'role : description' (the platform's words in the reader's language, then the operator's note as
// written), oldest first as the server sends them.
import type { VerificationLog } from '@qist/domain';
import { isRole } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { LogText } from '@/components/party/log-text';

export type VerificationTimelineProps = {
  logs: VerificationLog[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
};

export function VerificationTimeline({ logs, isLoading, isError, onRetry }: VerificationTimelineProps) {
  const { t } = useTranslation('backoffice');
  const { t: tc } = useTranslation();
  const roleTitle = (role: string) => (isRole(role) ? tc(`panel.roles.${role}`) : role);
  const columns: Column<VerificationLog>[] = [
    { key: 'time', header: t('timeline.time'), render: (log) => formatFullDate(log.createdAt) },
    {
      key: 'description',
      header: t('timeline.description'),
      render: (log) => (
        <>
          {roleTitle(log.operator.role)} : <LogText log={log} />
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('timeline.caption')}
      columns={columns}
      rows={logs}
      rowKey={(log) => log._id}
      isLoading={isLoading}
      isError={isError}
      onRetry={onRetry}
      minWidth={520}
    />
  );
}
