// The admin's "Pre-Registered SME's" list.
import { type PreRegistrationItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ListPage, PagedTable, usePageParam, type Column, tableStateOf } from '@/components/data-table';
import { ExportButton } from '@/components/ui/export-button';
import '@/i18n/common-areas';
import { usePreregistrations } from '../api/get-preregistrations';
import { useFormatAmount } from '@/lib/amounts';

export function PreregistrationsTable() {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = usePreregistrations(page);

  const columns: Column<PreRegistrationItem>[] = [
    { key: 'company', header: t('preRegistered.companyName'), render: (f) => <bdi>{f.CompanyName}</bdi> },
    { key: 'email', header: t('preRegistered.email'), render: (f) => f.CompanyEmail },
    { key: 'phone', header: t('preRegistered.phone'), render: (f) => <span dir="ltr">{f.CompanyPhone}</span> },
    { key: 'industry', header: t('preRegistered.industry'), render: (f) => f.BusinessSector },
    { key: 'loan', header: t('preRegistered.loanAmount'), render: (f) => formatAmount(f.LoanAmount) },
    { key: 'year', header: t('preRegistered.year'), render: (f) => f.YearOfEstablishment },
  ];

  return (
    <ListPage title={t('preRegistered.title')} actions={<ExportButton path="/api/v1/admin/form/export" fileName="pre-registrations" />}>
      <PagedTable
        caption={t('preRegistered.title')}
        columns={columns}
        rows={query.data?.forms}
        rowKey={(f) => f._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        {...tableStateOf(query)}
      />
    </ListPage>
  );
}
