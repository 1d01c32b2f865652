// Settings (1): the insurance companies in priority order, and the Reorder dialog.
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableStateOf } from '@/components/data-table';
import { useInsuranceOrder } from '../../api/get-insurance-order';
import { InsuranceReorderModal } from './insurance-reorder-modal';
import { SettingsSection } from './settings-section';

export function InsurancePriority() {
  const { t } = useTranslation('backoffice');
  const query = useInsuranceOrder();
  const [opened, modal] = useDisclosure(false);
  const companies = query.data ?? [];
  return (
    <SettingsSection
      title={t('settings.insurance.title')}
      hint={t('settings.insurance.hint')}
      action={
        <Button
          variant="light"
          leftSection={<IconArrowsSort size={16} aria-hidden />}
          onClick={modal.open}
          disabled={companies.length < 2}
        >
          {t('settings.insurance.reorder')}
        </Button>
      }
    >
      <DataTable
        caption={t('settings.insurance.title')}
        columns={[
          { key: 'priority', header: t('settings.insurance.priority'), render: (c) => c.priority },
          { key: 'name', header: t('settings.insurance.name'), render: (c) => c.name },
        ]}
        rows={query.data}
        rowKey={(c) => c._id}
        {...tableStateOf(query)}
        minWidth={280}
      />
      <InsuranceReorderModal opened={opened} companies={companies} onClose={modal.close} />
    </SettingsSection>
  );
}
