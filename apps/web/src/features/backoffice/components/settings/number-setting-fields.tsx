// One number of the settings, edited in a small form: the saved value to start from, the API's own
// schema of the field to check it (so the screen refuses exactly what the server refuses), a line
// under the field describing a valid value, and Save with a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, type NumberInputProps } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { FIELD_LABEL_HEIGHT } from './settings-section';

type Input = { value: number | string };
type Values = { value: number };

export type NumberSettingFieldsProps = {
  /** The form's accessible name. */
  title: string;
  label: string;
  initial: number;
  /** The field's schema in the API's request. */
  schema: z.ZodType<number>;
  /** The line under the field for a value the schema takes. */
  describe: (value: number) => string | undefined;
  saving: boolean;
  /** Saves the value; `done` shows the toast once the server took it. */
  onSave: (value: number, done: () => void) => void;
  /** The input's own settings: bounds, step, decimals, the currency's sign. */
  input: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'label' | 'description' | 'error' | 'name'>;
};

export function NumberSettingFields({ title, label, initial, schema, describe, saving, onSave, input }: NumberSettingFieldsProps) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  // The field holds raw input ('' while empty); the API's schema judges it.
  const resolver = zodResolver(z.object({ value: schema })) as unknown as Resolver<Input, unknown, Values>;
  const { control, handleSubmit } = useForm<Input, unknown, Values>({ resolver, defaultValues: { value: initial } });
  const current = useWatch({ control, name: 'value' });
  const checked = schema.safeParse(current);
  const onSubmit = handleSubmit(({ value }) => onSave(value, () => notify.success(MESSAGES.settingsDone)));

  return (
    <form noValidate onSubmit={onSubmit} aria-label={title}>
      <Group align="flex-start" gap="sm">
        <Controller
          control={control}
          name="value"
          render={({ field, fieldState }) => (
            <NumberInput
              {...input}
              ref={field.ref}
              name={field.name}
              label={label}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={checked.success ? describe(checked.data) : undefined}
              clampBehavior="none"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={tm(fieldState.error?.message)}
              w={{ base: '100%', xs: 240 }}
            />
          )}
        />
        <Button type="submit" loading={saving} mt={{ base: 0, xs: FIELD_LABEL_HEIGHT }}>
          {t('settings.save')}
        </Button>
      </Group>
    </form>
  );
}
