// The admin's decision on a supplier at level 4: Verify with the discount rate in percent (1 to 99,
// default 10, sent /100), Reject (back to edit) or Full reject (banned); the rejects ask first.
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Stack, Textarea } from '@mantine/core';
import {
  DEFAULT_SUPPLIER_DECISION,
  MAX_DISCOUNT_PERCENT,
  MIN_DISCOUNT_PERCENT,
  percentToFraction,
  supplierDecisionForm,
  type DecisionAction,
  type ProviderProfile,
  type SupplierDecisionInput,
  type SupplierDecisionValues,
} from '@qist/domain';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useRejectProvider } from '../../api/reject-provider';
import { useVerifyProvider } from '../../api/verify-provider';
import { useConfirm } from '../../hooks/use-confirm';
import { useDecisionDone } from '../../hooks/use-decision-done';
import { DecisionButtons } from './decision-buttons';
import { DecisionCard } from './decision-card';

// The form holds raw input (the rate is '' while empty); the schema judges it per action.
const resolver = zodResolver(supplierDecisionForm) as unknown as Resolver<SupplierDecisionInput, unknown, SupplierDecisionValues>;

export function SupplierDecisionForm({ provider }: { provider: ProviderProfile }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const verify = useVerifyProvider();
  const reject = useRejectProvider();
  const done = useDecisionDone(paths.admin.suppliers.getHref());
  const { ask, dialog } = useConfirm();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SupplierDecisionInput, unknown, SupplierDecisionValues>({ resolver, defaultValues: DEFAULT_SUPPLIER_DECISION });

  const pending: DecisionAction | null = verify.isPending
    ? 'verify'
    : reject.isPending
      ? reject.variables?.full
        ? 'fullReject'
        : 'reject'
      : null;

  const decide = (values: SupplierDecisionValues) => {
    if (values.action === 'verify') {
      done(verify.mutateAsync({ providerId: provider._id, desc: values.desc, taxRate: percentToFraction(values.discount) }));
      return;
    }
    const full = values.action === 'fullReject';
    ask(t(full ? 'decision.confirm.supplierFullReject' : 'decision.confirm.supplierReject'), () =>
      done(reject.mutateAsync({ providerId: provider._id, desc: values.desc, full })),
    );
  };

  const onAction = (action: DecisionAction) => {
    setValue('action', action);
    void handleSubmit(decide)();
  };

  return (
    <DecisionCard title={t('decision.title')} hint={t('decision.hints.supplier')}>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="sm">
          <Controller
            control={control}
            name="discount"
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                name={field.name}
                label={t('decision.discountRate')}
                description={t('decision.discountRateHint')}
                min={MIN_DISCOUNT_PERCENT}
                max={MAX_DISCOUNT_PERCENT}
                step={1}
                decimalScale={2}
                allowNegative={false}
                clampBehavior="none"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={tm(fieldState.error?.message)}
                maw={320}
              />
            )}
          />
          <Textarea
            label={t('decision.description')}
            placeholder={t('decision.descriptionPlaceholder')}
            rows={3}
            resize="vertical"
            withAsterisk
            {...register('desc')}
            error={tm(errors.desc?.message)}
          />
          <DecisionButtons onAction={onAction} pending={pending} />
        </Stack>
      </form>
      {dialog}
    </DecisionCard>
  );
}
