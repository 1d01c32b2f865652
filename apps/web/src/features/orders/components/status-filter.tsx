// The status filter of the order lists: All (-10) and every status the list can hold, by its name.
import { Select } from '@mantine/core';
import { ALL_FILTER, type OrderStatus } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, useOrderStatusName } from './order-status';

export function StatusFilter({
  value,
  onChange,
  statuses = ORDER_STATUSES,
}: {
  value: number;
  onChange: (status: number) => void;
  /** The statuses offered besides All (every one unless the list cannot hold some). */
  statuses?: readonly OrderStatus[];
}) {
  const { t } = useTranslation('orders');
  const statusName = useOrderStatusName();
  const data = [
    { value: String(ALL_FILTER), label: t('list.all') },
    ...statuses.map((status) => ({ value: String(status), label: statusName(status) })),
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
