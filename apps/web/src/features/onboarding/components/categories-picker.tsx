// The categories of the information form: a 'Select categories' button opening a modal that loads the
// industries ('Waiting for categories'; on failure 'Request failed' with Retry, and a new try every 5 s),
// checkboxes to pick, 'Done' to close; the picked ones are shown on the form as removable tags.
import { Alert, Button, Center, Checkbox, Group, Input, Loader, Modal, Pill, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Category } from '@qist/domain';
import { IconAlertCircle, IconCategory } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryText } from '@/lib/category-text';
import { useCategories } from '../api/get-categories';
import type { PartyRole } from '../api/keys';

export type CategoriesPickerProps = {
  role: PartyRole;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Called when the modal closes: the field counts as touched. */
  onBlur: () => void;
  /** Titles already known (the profile's categories when the form is prefilled). */
  knownTitles: ReadonlyMap<string, string>;
  error?: string;
};

function CategoryList({ role, value, onChange }: Pick<CategoriesPickerProps, 'role' | 'value' | 'onChange'>) {
  const { t } = useTranslation('onboarding');
  const categoryText = useCategoryText();
  const categories = useCategories(role);

  if (categories.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('categories.waiting')}</Text>
        </Group>
      </Center>
    );
  }
  if (categories.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('categories.failed')}>
        <Button
          size="xs"
          variant="white"
          color="red"
          mt="xs"
          onClick={() => void categories.refetch()}
          loading={categories.isFetching}
        >
          {t('categories.retry')}
        </Button>
      </Alert>
    );
  }
  if (categories.data.length === 0) return <Text c="dimmed">{t('categories.empty')}</Text>;

  return (
    <Checkbox.Group value={value} onChange={onChange} label={t('categories.title')} labelProps={{ style: { display: 'none' } }}>
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Stack gap="sm" py={4}>
          {categories.data.map((category: Category) => (
            <Checkbox
              key={category._id}
              value={category._id}
              label={categoryText.title(category)}
              description={categoryText.desc(category) || undefined}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}

export function CategoriesPicker({ role, value, onChange, onBlur, knownTitles, error }: CategoriesPickerProps) {
  const { t } = useTranslation('onboarding');
  const categoryText = useCategoryText();
  const [opened, modal] = useDisclosure(false);
  const categories = useCategories(role, { enabled: opened || value.length > 0 });
  const errorId = useId();
  const titles = new Map(knownTitles);
  for (const category of categories.data ?? []) titles.set(category._id, categoryText.title(category));

  const close = () => {
    modal.close();
    onBlur();
  };

  return (
    <Input.Wrapper label={t('info.categories')} withAsterisk error={error} errorProps={{ id: errorId }}>
      <Stack gap="xs" mt={4}>
        {value.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('info.noCategories')}
          </Text>
        ) : (
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('info.categories')}>
            {value.map((id) => {
              const title = titles.get(id) ?? '…';
              return (
                <li key={id}>
                  <Pill
                    size="md"
                    withRemoveButton
                    onRemove={() => {
                      onChange(value.filter((other) => other !== id));
                      onBlur();
                    }}
                    removeButtonProps={{ 'aria-label': t('info.removeCategory', { title }) }}
                  >
                    {title}
                  </Pill>
                </li>
              );
            })}
          </Group>
        )}
        <Button
          variant="default"
          leftSection={<IconCategory size={18} />}
          onClick={modal.open}
          w="fit-content"
          aria-describedby={error ? errorId : undefined}
        >
          {t('info.selectCategories')}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={t('categories.title')} centered size="md">
        <Stack gap="md">
          <CategoryList role={role} value={value} onChange={onChange} />
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              {t('categories.selected', { count: value.length })}
            </Text>
            <Button onClick={close}>{t('categories.done')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Input.Wrapper>
  );
}
