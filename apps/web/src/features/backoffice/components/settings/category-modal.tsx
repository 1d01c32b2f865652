// Create or edit an industry: title ('enter your title') and description ('enter your description'), and
// their optional Arabic wording, which Arabic pages show in their place.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { categoryCreateRequest, MESSAGES, type Category } from '@qist/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useCreateCategory } from '../../api/create-category';
import { useUpdateCategory } from '../../api/update-category';

type CategoryInput = z.input<typeof categoryCreateRequest>;
type CategoryValues = z.output<typeof categoryCreateRequest>;

export type CategoryModalProps = {
  opened: boolean;
  /** The industry to edit; none to create one. */
  category: Category | null;
  onClose: () => void;
};

export function CategoryModal({ opened, category, onClose }: CategoryModalProps) {
  const { t } = useTranslation('backoffice');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(category ? 'settings.industries.editTitle' : 'settings.industries.createTitle')}
      centered
    >
      {opened && <CategoryForm key={category?._id ?? 'new'} category={category} onClose={onClose} />}
    </Modal>
  );
}

function CategoryForm({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CategoryInput, unknown, CategoryValues>({
    mode: 'onTouched',
    resolver: zodResolver(categoryCreateRequest),
    defaultValues: { title: category?.title ?? '', desc: category?.desc ?? '', titleAr: category?.titleAr ?? '', descAr: category?.descAr ?? '' },
  });

  const saved = () => {
    notify.success(MESSAGES.settingsDone);
    onClose();
  };
  const onSubmit = handleSubmit((values) => {
    if (category) update.mutate({ categoryId: category._id, ...values }, { onSuccess: saved });
    else create.mutate(values, { onSuccess: saved });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput
          label={t('settings.industries.titleLabel')}
          withAsterisk
          data-autofocus
          {...register('title')}
          error={tm(errors.title?.message)}
        />
        <Textarea
          label={t('settings.industries.descriptionLabel')}
          withAsterisk
          rows={3}
          resize="vertical"
          {...register('desc')}
          error={tm(errors.desc?.message)}
        />
        <TextInput
          label={t('settings.industries.titleArLabel')}
          description={t('settings.industries.arabicHint')}
          lang="ar"
          dir="rtl"
          {...register('titleAr')}
          error={tm(errors.titleAr?.message)}
        />
        <Textarea
          label={t('settings.industries.descriptionArLabel')}
          lang="ar"
          dir="rtl"
          rows={3}
          resize="vertical"
          {...register('descAr')}
          error={tm(errors.descAr?.message)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
