// Settings (3): the industries (categories) with Create and Edit.
import { Button, Text } from '@mantine/core';
import type { Category } from '@qist/domain';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, tableStateOf } from '@/components/data-table';
import { useCategoryText } from '@/lib/category-text';
import { useCategories } from '../../api/get-categories';
import { CategoryModal } from './category-modal';
import { SettingsSection } from './settings-section';

type Editing = { category: Category | null } | null;

export function Industries() {
  const { t } = useTranslation('backoffice');
  const query = useCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const categoryText = useCategoryText();

  const columns: Column<Category>[] = [
    { key: 'title', header: t('settings.industries.titleColumn'), render: (c) => <Text fw={500}>{categoryText.title(c)}</Text> },
    {
      key: 'desc',
      header: t('settings.industries.description'),
      render: (c) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {categoryText.desc(c)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('settings.industries.actions'),
      render: (c) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing({ category: c })}
          title={t('settings.industries.editLabel', { title: categoryText.title(c) })}
        >
          {t('settings.industries.edit')}
        </Button>
      ),
    },
  ];

  return (
    <SettingsSection
      title={t('settings.industries.title')}
      hint={t('settings.industries.hint')}
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ category: null })}>
          {t('settings.industries.create')}
        </Button>
      }
    >
      <DataTable
        caption={t('settings.industries.caption')}
        columns={columns}
        rows={query.data}
        rowKey={(c) => c._id}
        {...tableStateOf(query)}
        minWidth={560}
      />
      <CategoryModal opened={editing !== null} category={editing?.category ?? null} onClose={() => setEditing(null)} />
    </SettingsSection>
  );
}
