// "List Of SME's" of the admin, bank and insurance areas (part 2 §2): level filter, ten a page, each
// row linking to the SME's profile, opening on the level where the role decides. Insurance users get only
// their queue and their decisions; the bank the SMEs the admin passed and those it rejected.
import { ALL_FILTER, type BackOfficeRole, type SmeListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ListPage, PagedTable, useCursorPageParam, type Column, tableStateOf } from '@/components/data-table';
import { ExportButton, exportPath } from '@/components/ui/export-button';
import { useSmes } from '../../api/get-smes';
import { useLevelParam } from '../../hooks/use-level-param';
import { SME_LEVELS, smePaths, smeQueueLevel } from '../../roles';
import { LevelFilter } from './level-filter';
import { usePartyColumns } from './party-columns';
import { useFormatAmount } from '@/lib/amounts';

export function SmeList({ role }: { role: BackOfficeRole }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('backoffice');
  // First, Previous, Next and Last step by keyset from the page on screen; the numbers jump by number
  const { page, position, setPage, step } = useCursorPageParam();
  const [level, setLevel] = useLevelParam(SME_LEVELS, smeQueueLevel(role));
  const query = useSmes(role, page, level, position);
  const hrefs = smePaths(role);

  const credit: Column<SmeListItem> = {
    key: 'credit',
    header: t('list.credit'),
    render: (sme) => (
      <span>
        {formatAmount(sme.credit.request)} / {formatAmount(sme.credit.limit)}
      </span>
    ),
  };
  const columns = usePartyColumns<SmeListItem>('sme', credit, (sme) => hrefs.info(sme._id));

  return (
    <ListPage
      title={t('list.smeTitle')}
      filter={<LevelFilter levels={SME_LEVELS} value={level} onChange={setLevel} />}
      actions={<ExportButton path={exportPath(`/api/v1/${role}/sme/export`, { name: 'level', value: level, all: ALL_FILTER })} fileName="smes" />}
    >
      <PagedTable
        caption={t('list.smeTitle')}
        columns={columns}
        rows={query.data?.smes}
        rowKey={(sme) => sme._id}
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
