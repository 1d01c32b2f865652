// The admin's "Pre-Registered SME's" list.
import { Stack, Title } from '@mantine/core';
import { formatAmount, type PreRegistrationItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePageParam, type Column, tableStateOf } from '@/components/data-table';
import { usePreregistrations } from '../api/get-preregistrations';

export function PreregistrationsTable() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = usePreregistrations(page);

  const columns: Column<PreRegistrationItem>[] = [
    { key: 'company', header: t('preRegistered.companyName'), render: (f) => f.CompanyName },
    { key: 'email', header: t('preRegistered.email'), render: (f) => f.CompanyEmail },
    { key: 'phone', header: t('preRegistered.phone'), render: (f) => <span dir="ltr">{f.CompanyPhone}</span> },
    { key: 'industry', header: t('preRegistered.industry'), render: (f) => f.BusinessSector },
    { key: 'loan', header: t('preRegistered.loanAmount'), render: (f) => formatAmount(f.LoanAmount) },
    { key: 'year', header: t('preRegistered.year'), render: (f) => f.YearOfEstablishment },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('preRegistered.title')}
      </Title>
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
    </Stack>
  );
}
