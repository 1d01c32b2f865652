// The level filter of the SME and supplier lists: All (-10) and every level by its name.
import { Select } from '@mantine/core';
import { ALL_FILTER } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { useLevelName } from '@/components/party/level-name';

export type LevelFilterProps = {
  levels: readonly number[];
  value: number;
  onChange: (level: number) => void;
};

export function LevelFilter({ levels, value, onChange }: LevelFilterProps) {
  const { t } = useTranslation('backoffice');
  const levelName = useLevelName();
  const data = [
    { value: String(ALL_FILTER), label: t('levelFilter.all') },
    ...levels.map((level) => ({ value: String(level), label: levelName(level) })),
  ];
  return (
    <Select
      label={t('levelFilter.label')}
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
