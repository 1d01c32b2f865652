// The status filter of the order lists: All (-10) and every status by its name.
import { Select } from '@mantine/core';
import { ALL_FILTER } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, useOrderStatusName } from './order-status';

export function StatusFilter({ value, onChange }: { value: number; onChange: (status: number) => void }) {
  const { t } = useTranslation('orders');
  const statusName = useOrderStatusName();
  const data = [
    { value: String(ALL_FILTER), label: t('list.all') },
    ...ORDER_STATUSES.map((status) => ({ value: String(status), label: statusName(status) })),
  ];
  return (
    <Select
      label={t('list.statusFilter')}
      data={data}
      value={String(value)}
      onChange={(next) => onChange(next === null ? ALL_FILTER : Number(next))}
      allowDeselect={false}
      checkIconPosition="right"
      maxDropdownHeight={320}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
