// The admin's "List Of Supplier's" (part 2 §2): the SME list's layout with the discount rate instead of
// the credit; each row links to the supplier's profile. It opens on the suppliers waiting for review (4).
import { ALL_FILTER, type ProviderListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ListPage, PagedTable, useCursorPageParam, type Column, tableStateOf } from '@/components/data-table';
import { ExportButton, exportPath } from '@/components/ui/export-button';
import { formatPercent } from '@/components/party/format';
import { paths } from '@/config/paths';
import { useProviders } from '../../api/get-providers';
import { useLevelParam } from '../../hooks/use-level-param';
import { PROVIDER_LEVELS, SUPPLIER_QUEUE_LEVEL } from '../../roles';
import { LevelFilter } from './level-filter';
import { usePartyColumns } from './party-columns';

export function SupplierList() {
  const { t } = useTranslation('backoffice');
  // First, Previous, Next and Last step by keyset from the page on screen; the numbers jump by number
  const { page, position, setPage, step } = useCursorPageParam();
  const [level, setLevel] = useLevelParam(PROVIDER_LEVELS, SUPPLIER_QUEUE_LEVEL);
  const query = useProviders(page, level, position);

  const discount: Column<ProviderListItem> = {
    key: 'discount',
    header: t('list.discountRate'),
    render: (provider) => (provider.tax_rate === null ? '-' : <span dir="ltr">{formatPercent(provider.tax_rate)}</span>),
  };
  const columns = usePartyColumns<ProviderListItem>('provider', discount, (provider) =>
    paths.admin.supplierInfo.getHref(provider._id),
  );

  return (
    <ListPage
      title={t('list.supplierTitle')}
      filter={<LevelFilter levels={PROVIDER_LEVELS} value={level} onChange={setLevel} />}
      actions={<ExportButton path={exportPath('/api/v1/admin/provider/export', { name: 'level', value: level, all: ALL_FILTER })} fileName="suppliers" />}
    >
      <PagedTable
        caption={t('list.supplierTitle')}
        columns={columns}
        rows={query.data?.providers}
        rowKey={(provider) => provider._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        onStep={(which) => step(which, query.data)}
        {...tableStateOf(query)}
        minWidth={760}
      />
    </ListPage>
  );
}
