// "set Installment" (part 2 §5): the admin sets an SME's instalment plan at level 7, which activates it.
// Rows of percents (a new row is 10 %, an existing plan is shown ×100, none yet opens on 25/25/25/25),
// each present and not zero, the sum exactly 100 % (in basis points); sent as fractions. Below the rows,
// what an example order would owe under the plan, by the domain's schedule.
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Stack, Table, Text, Textarea, NumberInput } from '@mantine/core';
import {
  fromMinorUnits,
  initialInstallmentRows,
  installmentsForm,
  MAX_INSTALLMENTS,
  newInstallmentRow,
  PLAN_PREVIEW_AMOUNT,
  previewPlan,
  toInstallmentFractions,
  type InstallmentsFormInput,
  type InstallmentsFormValues,
  type SmeProfile,
} from '@qist/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useActivateSme } from '../../api/activate-sme';
import { useDecisionDone } from '../../hooks/use-decision-done';
import { smePaths } from '../../roles';
import { DecisionCard } from './decision-card';
import { Amount, useFormatAmount } from '@/lib/amounts';

// The rows hold raw input (an emptied field is ''); the schema judges them.
const resolver = zodResolver(installmentsForm) as unknown as Resolver<InstallmentsFormInput, unknown, InstallmentsFormValues>;

/** An example order under the plan being typed: each instalment's share, amount and due day. */
function PlanPreview({ rows }: { rows: InstallmentsFormInput['installments'] }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('backoffice');
  const preview = previewPlan(rows.map((row) => row.percent));
  const example = formatAmount(PLAN_PREVIEW_AMOUNT);
  return (
    <Stack gap={4} component="section" aria-label={t('installments.preview.title')}>
      <Text fw={600} fz="sm">
        {t('installments.preview.title')}
      </Text>
      {preview === null ? (
        <Text fz="sm" c="dimmed">
          {t('installments.preview.incomplete')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table fz="sm" verticalSpacing={4} maw={480}>
            <Table.Caption ta="start">{t('installments.preview.caption', { amount: example })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('installments.preview.number')}</Table.Th>
                <Table.Th>{t('installments.preview.share')}</Table.Th>
                <Table.Th>{t('installments.preview.amount')}</Table.Th>
                <Table.Th>{t('installments.preview.due')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <span dir="ltr">{row.percent} %</span>
                  </Table.Td>
                  <Table.Td>
                    <Amount value={fromMinorUnits(row.amountMinor)} />
                  </Table.Td>
                  <Table.Td>
                    {row.dueAfterDays === 0 ? t('installments.preview.atOrder') : t('installments.preview.afterDays', { days: row.dueAfterDays })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The running total in percent, without float noise (ignoring rows that are not numbers yet). */
function totalPercent(rows: InstallmentsFormInput['installments']): number {
  const points = rows.reduce((sum, row) => sum + (typeof row.percent === 'number' ? Math.round(row.percent * 100) : 0), 0);
  return points / 100;
}

export function InstallmentsForm({ sme }: { sme: SmeProfile }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const activate = useActivateSme();
  const done = useDecisionDone(smePaths('admin').list);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<InstallmentsFormInput, unknown, InstallmentsFormValues>({
    resolver,
    defaultValues: { desc: '', installments: initialInstallmentRows(sme.installments) },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'installments' });
  const rows = useWatch({ control, name: 'installments' });
  const planError = errors.installments?.root?.message ?? errors.installments?.message;

  const onSubmit = handleSubmit((values) =>
    done(activate.mutateAsync({ smeId: sme._id, desc: values.desc, installments: toInstallmentFractions(values) })),
  );

  return (
    <DecisionCard title={t('installments.title')} hint={t('installments.hint')}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={600} fz="sm" p={0} mb={4}>
              {t('installments.plan')}
            </Text>
            {fields.map((row, index) => (
              <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
                <Controller
                  control={control}
                  name={`installments.${index}.percent`}
                  render={({ field, fieldState }) => (
                    <NumberInput
                      ref={field.ref}
                      name={field.name}
                      label={t('installments.row', { number: index + 1 })}
                      suffix=" %"
                      min={0}
                      max={100}
                      step={5}
                      decimalScale={2}
                      allowNegative={false}
                      clampBehavior="none"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={tm(fieldState.error?.message)}
                      style={{ flex: 1 }}
                      maw={260}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={26}
                  onClick={() => remove(index)}
                  disabled={fields.length <= 1}
                  aria-label={t('installments.remove', { number: index + 1 })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Group gap="md" justify="space-between" maw={300}>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => append(newInstallmentRow())}
              disabled={fields.length >= MAX_INSTALLMENTS}
            >
              {t('installments.add')}
            </Button>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('installments.total', { total: totalPercent(rows ?? []) })}
            </Text>
          </Group>
          {planError && (
            <Text c="red" fz="sm" role="alert">
              {tm(planError)}
            </Text>
          )}
          <PlanPreview rows={rows ?? []} />
          <Textarea
            label={t('decision.description')}
            placeholder={t('decision.descriptionPlaceholder')}
            rows={2}
            resize="vertical"
            withAsterisk
            {...register('desc')}
            error={tm(errors.desc?.message)}
          />
          <Group>
            <Button type="submit" loading={activate.isPending}>
              {t('installments.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DecisionCard>
  );
}
